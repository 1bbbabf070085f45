import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server's rendering and while the browser hydrates it, true once React runs the page:
 * a control can then be rendered as HTML that works without JavaScript (a `<details>`, a checkbox),
 * and as its scripted self once the script runs. Rendered in the browser alone, it is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
