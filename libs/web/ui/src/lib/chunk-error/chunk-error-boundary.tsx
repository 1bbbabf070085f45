import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorRetry } from '../error-retry/error-retry';

/** What the page says when a part of the site's code could not be fetched. */
export const CHUNK_ERROR_MESSAGE =
  'This page could not be loaded: part of the site did not arrive (you may be offline, or the site has just been updated).';

/**
 * A lazily loaded module that could not be fetched, in each browser's words (Chromium, Firefox,
 * Safari) or Vite's (a stylesheet or chunk the module needs). A failed fetch is remembered by the
 * browser for that URL: only a new page load fetches it again.
 */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** The page's reload, in one object so that tests can watch it (jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };

export const RELOADED_AT_KEY = 'blog:chunk-reload-at';
/** No second automatic reload within this time: a chunk that still fails shows the message instead. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page once after a chunk failed (after a deploy, the old chunks are gone and a new page
 * names the new ones), unless offline (a reload would show the browser's offline page) or already
 * reloaded in the last minute (no loop). True when it reloads.
 */
export function reloadOnceForChunkError(now = Date.now()): boolean {
  if (typeof window === 'undefined' || window.navigator.onLine === false) return false;
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY));
    if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // No session storage (blocked): no guard against a loop, so no automatic reload either.
    return false;
  }
  pageReload.reload();
  return true;
}

interface State {
  error: { caught: unknown } | null;
  /** The page is reloading for a chunk failure: no message meanwhile (the new page may well work). */
  reloading: boolean;
}

/**
 * Around every lazily loaded route: when its code cannot be fetched, the page reloads once, then
 * says so with a button to try again (a fresh page load), never a blank page. Other errors go on
 * to the boundary above.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, reloading: false };

  static getDerivedStateFromError(caught: unknown): Partial<State> {
    return { error: { caught } };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    if (isChunkLoadError(error) && reloadOnceForChunkError()) this.setState({ reloading: true });
  }

  override render() {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return null;
    // Not a chunk failure: not ours, thrown on to the boundary above.
    if (!isChunkLoadError(error.caught)) throw error.caught;
    return <ErrorRetry message={CHUNK_ERROR_MESSAGE} onRetry={() => pageReload.reload()} />;
  }
}
