import { AUTH_NAME_KEY } from '../labels';

/** `auth_name` in local storage: a hint for the sign-in screen only, never an authority. */
export const authName = {
  get: (): string | null => {
    try {
      return window.localStorage.getItem(AUTH_NAME_KEY);
    } catch {
      return null;
    }
  },
  set: (email: string) => {
    try {
      window.localStorage.setItem(AUTH_NAME_KEY, email);
    } catch {
      // Storage may be disabled (private mode): signing in still works through the cookie.
    }
  },
  clear: () => {
    try {
      window.localStorage.removeItem(AUTH_NAME_KEY);
    } catch {
      // see above
    }
  },
};
