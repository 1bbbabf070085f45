import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type ComponentType } from 'react';
import {
  CHUNK_ERROR_MESSAGE,
  ChunkErrorBoundary,
  isChunkLoadError,
  pageReload,
  RELOADED_AT_KEY,
} from './chunk-error-boundary';

const CHUNK_FAILURE = 'Failed to fetch dynamically imported module: http://127.0.0.1/assets/index-abc123.js';

/** A lazy route whose chunk cannot be fetched. */
function renderFailingChunk() {
  const Page = lazy<ComponentType>(() => Promise.reject(new TypeError(CHUNK_FAILURE)));
  return render(
    <ChunkErrorBoundary>
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>,
  );
}

describe('ChunkErrorBoundary', () => {
  let reload: jest.SpyInstance;

  beforeEach(() => {
    window.sessionStorage.clear();
    reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    // React reports the caught error on the console: expected here.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('recognises the browsers’ chunk failures and nothing else', () => {
    expect(isChunkLoadError(new TypeError(CHUNK_FAILURE))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/admin.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads the page once (no message while it reloads), then shows the message and a retry (a new page load)', async () => {
    const user = userEvent.setup();
    const first = renderFailingChunk();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(window.sessionStorage.getItem(RELOADED_AT_KEY)).not.toBeNull();
    first.unmount();

    // The reloaded page fails again within the minute: no second automatic reload (no loop).
    renderFailingChunk();
    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_ERROR_MESSAGE);
    expect(reload).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while offline (the browser would show its offline page)', async () => {
    jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    renderFailingChunk();
    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_ERROR_MESSAGE);
    expect(reload).not.toHaveBeenCalled();
  });

  it('passes other errors on to the boundary above', () => {
    function Broken(): never {
      throw new Error('a bug, not a chunk');
    }
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Broken />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('a bug, not a chunk');
    expect(reload).not.toHaveBeenCalled();
  });
});
