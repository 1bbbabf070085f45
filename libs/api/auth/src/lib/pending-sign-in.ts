declare module 'express-session' {
  interface SessionData {
    /**
     * The password was right for this user, who has two-factor sign-in: until `until` (epoch
     * milliseconds) a code may complete the sign-in. The session signs nobody in meanwhile (Passport
     * holds no user in it), so every guard treats it as signed out.
     */
    pendingSignIn?: { userId: number; until: number };
  }
}

export {};
