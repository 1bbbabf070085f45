/**
 * The password was right for this user, who has two-factor sign-in: until `until` (epoch
 * milliseconds) a code may complete the sign-in.
 */
export interface PendingSignIn {
  userId: number;
  until: number;
}

declare module 'express-session' {
  interface SessionData {
    /**
     * The sign-in a code may complete. The session signs nobody in meanwhile (Passport holds no
     * user in it), so every guard treats it as signed out.
     */
    pendingSignIn?: PendingSignIn;
  }
}
