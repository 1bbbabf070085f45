import { DomainError } from '@blog/api/core';

/** Who is signed in, as the session knows them (loaded from the database on every request). */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  is_admin: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // Passport puts the deserialised user on `req.user`.
    // eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

export function requireUser(user: SessionUser | undefined): SessionUser {
  if (!user) throw new DomainError('UNAUTHORIZED', 'Sign in first');
  return user;
}

/** The admin rule of every write and admin read: 401 without a session, 403 for a non-admin. */
export function requireAdmin(user: SessionUser | undefined): SessionUser {
  const signedIn = requireUser(user);
  if (!signedIn.is_admin) throw new DomainError('FORBIDDEN', 'Administrators only');
  return signedIn;
}
