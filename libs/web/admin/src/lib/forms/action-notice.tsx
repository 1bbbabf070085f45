import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/** An action's outcome: an error, a success, or neither (which takes the one shown away). */
export interface ActionResult {
  error?: string | null;
  success?: string | null;
}

interface Notice {
  error: boolean;
  text: string;
  /** The screen it belongs to: another screen does not show it. */
  path: string;
  /** A new element for every notice, so that the same words said twice are announced twice. */
  key: number;
}

const ShowNotice = createContext<((result: ActionResult) => void) | null>(null);

/**
 * The one place where the admin screens show an action's outcome (a delete, a save, a copy...): a region
 * fixed at the bottom of the window, in view wherever on a long screen the owner clicked. An error is
 * announced at once (role=alert), a success politely (role=status). It stays until the next outcome, its
 * Close button or another screen.
 */
export function ActionNotices({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const count = useRef(0);
  // Read when an outcome arrives: an answer that comes after the owner left shows on no screen.
  const currentPath = useRef(pathname);
  currentPath.current = pathname;

  const show = useCallback(({ error, success }: ActionResult) => {
    const text = error || success;
    count.current += 1;
    setNotice(text ? { error: Boolean(error), text, path: currentPath.current, key: count.current } : null);
  }, []);

  return (
    <ShowNotice.Provider value={show}>
      {children}
      <div className="admin-notices">
        {notice && notice.path === pathname && (
          <div
            key={notice.key}
            className={`admin-notice admin-message admin-message--${notice.error ? 'error' : 'success'}`}
          >
            <p role={notice.error ? 'alert' : 'status'}>{notice.text}</p>
            <button
              type="button"
              className="admin-icon-button"
              aria-label="Close the message"
              onClick={() => setNotice(null)}
            >
              <X size={18} aria-hidden focusable={false} />
            </button>
          </div>
        )}
      </div>
    </ShowNotice.Provider>
  );
}

/** Shows an action's outcome in the screen's notice region (`ActionNotices`); `{}` takes it away. */
export function useActionNotice(): (result: ActionResult) => void {
  const show = useContext(ShowNotice);
  if (!show) throw new Error('useActionNotice needs <ActionNotices> around the admin screens');
  return show;
}

/**
 * Shows the outcome the screen the owner came from told (`navigate(to, { state: { saved } })`): a form
 * that saved and moved on says so on the screen it opened.
 */
export function useArrivalNotice(): void {
  const setMessage = useActionNotice();
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  useEffect(() => {
    if (saved) setMessage({ success: saved });
  }, [saved, setMessage]);
}
