import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Asks before leaving a form with unsaved changes: in-app navigation (the router) and closing or
 * reloading the tab (the browser's own prompt). After a save, call `leaveFreely()` before navigating.
 */
export function useUnsavedChanges(dirty: boolean): { leaveFreely: () => void } {
  // Read when the navigation happens, so a save can navigate in the same tick it succeeded.
  const free = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !free.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { leaveFreely: () => (free.current = true) };
}
