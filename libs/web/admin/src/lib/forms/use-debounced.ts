import { useEffect, useState } from 'react';

/** How long typing pauses before what was typed is used (a search asked on every key would flood the server). */
export const TYPING_PAUSE_MS = 300;

/** `value`, once it has stayed the same for `delay` milliseconds. */
export function useDebounced<T>(value: T, delay = TYPING_PAUSE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
