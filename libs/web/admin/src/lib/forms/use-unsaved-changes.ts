import { useEffect, useRef } from 'react';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/** A click that would make the router (or the browser) leave the current page. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  // A link in text being edited (the rich-text editor's content) is text, not navigation.
  if (!link || link.closest('[contenteditable="true"]') || link.target === '_blank' || link.hasAttribute('download'))
    return null;
  const to = new URL(link.href, window.location.href);
  return to.pathname === window.location.pathname && to.search === window.location.search ? null : link;
}

/**
 * Asks before leaving a form with unsaved changes: a click on any link (caught before the router
 * sees it) and closing or reloading the tab (the browser's own prompt). Done without React Router's
 * `useBlocker`, which needs a data router and would add its weight to every public page.
 * After a save, call `leaveFreely()` before navigating.
 */
export function useUnsavedChanges(dirty: boolean): { leaveFreely: () => void } {
  const free = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      if (free.current || !leavingLink(event)) return;
      if (!window.confirm(LEAVE_WARNING)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (free.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    // Capture phase on the document: before React's own listeners on the root.
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);

  return { leaveFreely: () => (free.current = true) };
}
