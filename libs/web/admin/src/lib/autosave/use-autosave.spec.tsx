import 'fake-indexeddb/auto';
import { deserialize, serialize } from 'node:v8';
import { act, screen, waitFor } from '@testing-library/react';
import { clear as clearDevice, get as deviceGet } from 'idb-keyval';
import { useForm } from 'react-hook-form';
import { AUTOSAVE, type Autosave } from '@blog/contracts';
import { renderAdmin } from '../../testing/render-admin';
import { formatTime } from '../forms/format';
import { AutosaveStatus } from './autosave-status';
import { RestoreBanner } from './restore-banner';
import { useAutosave } from './use-autosave';

// jsdom has no structuredClone, which IndexedDB (fake-indexeddb) stores values with: Node's own.
globalThis.structuredClone ??= (<T,>(value: T): T => deserialize(serialize(value))) as typeof structuredClone;

interface Values {
  title: string;
  hidden: boolean;
}

/** A form like the editors': a title, a box, the status line and the offer. */
function Editor({
  slot,
  savedAt,
  saved = { title: 'Saved', hidden: false },
}: {
  slot: string | 'new-post';
  savedAt?: string;
  saved?: Values;
}) {
  const form = useForm<Values>({ defaultValues: saved });
  const autosave = useAutosave({ form, slot, savedAt, baseVersion: 4 });
  return (
    <form onSubmit={form.handleSubmit(() => autosave.clear())}>
      <RestoreBanner autosave={autosave} />
      <AutosaveStatus status={autosave.status} />
      {autosave.checked && <p>Looked for a draft</p>}
      <label>
        Title <input {...form.register('title')} />
      </label>
      <button type="submit">Submit</button>
    </form>
  );
}

const SAVED_AT = '2026-11-20T07:32:00.000Z';
const answerOf = (input: { slot: string; values: Autosave['values']; base_version: number | null }): Autosave => ({
  ...input,
  saved_at: SAVED_AT,
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  if (online) window.dispatchEvent(new Event('online'));
}

describe('useAutosave', () => {
  beforeEach(async () => {
    setOnline(true);
    localStorage.clear();
    await clearDevice();
  });

  it(`saves the values ${AUTOSAVE.debounceMs} ms after they stop changing, once, and says when`, async () => {
    const saves: unknown[] = [];
    const { user, calls } = renderAdmin(<Editor slot="post:7" savedAt={SAVED_AT} />, {
      answers: {
        'autosaves.get': () => null,
        'autosaves.save': (input) => (saves.push(input), answerOf(input as never)),
      },
    });
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Hội An');
    expect(saves).toEqual([]);
    await screen.findByText(`Saved a draft at ${formatTime(SAVED_AT)}`, undefined, {
      timeout: AUTOSAVE.debounceMs + 10_000,
    });
    expect(saves).toEqual([{ slot: 'post:7', values: { title: 'Hội An', hidden: false }, base_version: 4 }]);
    expect(calls.filter((call) => call.path === 'autosaves.save')).toHaveLength(1);
  });

  it('keeps the values on the device while offline and sends them when back online', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const saves: unknown[] = [];
      const { user } = renderAdmin(<Editor slot="post:7" savedAt={SAVED_AT} />, {
        answers: {
          'autosaves.get': () => null,
          'autosaves.save': (input) => (saves.push(input), answerOf(input as never)),
        },
      });
      setOnline(false);
      await user.type(screen.getByLabelText('Title'), ' offline');
      act(() => void jest.advanceTimersByTime(AUTOSAVE.debounceMs));
      await screen.findByText('Offline: kept on this device');
      expect(saves).toEqual([]);
      await waitFor(async () =>
        expect(await deviceGet('autosave:post:7')).toMatchObject({ values: { title: 'Saved offline' } }),
      );

      act(() => setOnline(true));
      await screen.findByText(/^Saved a draft at/);
      expect(saves).toEqual([{ slot: 'post:7', values: { title: 'Saved offline', hidden: false }, base_version: 4 }]);
      await waitFor(async () => expect(await deviceGet('autosave:post:7')).toBeUndefined());
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the values on the device when the server refuses or is unreachable', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { user } = renderAdmin(<Editor slot="post:7" />, {
        answers: {
          'autosaves.get': () => null,
          'autosaves.save': () => {
            throw new Error('Failed to fetch');
          },
        },
      });
      await user.type(screen.getByLabelText('Title'), '!');
      act(() => void jest.advanceTimersByTime(AUTOSAVE.debounceMs));
      await screen.findByText('Offline: kept on this device');
      await waitFor(async () =>
        expect(await deviceGet('autosave:post:7')).toMatchObject({ values: { title: 'Saved!' } }),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers an autosave newer than the saved record and restores it into the form', async () => {
    const newer = '2026-11-20T08:15:00.000Z';
    renderAdmin(<Editor slot="post:7" savedAt={SAVED_AT} />, {
      answers: {
        'autosaves.get': () => ({
          slot: 'post:7',
          values: { title: 'Unsaved words' },
          base_version: 4,
          saved_at: newer,
        }),
      },
    });
    const restore = await screen.findByRole('button', { name: `Restore unsaved changes from ${formatTime(newer)}` });
    expect(screen.getByRole('button', { name: 'Discard' })).toBeInTheDocument();
    restore.click();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Unsaved words'));
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it('offers the device copy when it is the newest', async () => {
    const kept: Autosave = {
      slot: 'post:7',
      values: { title: 'Typed offline' },
      base_version: 4,
      saved_at: '2026-11-21T01:00:00.000Z',
    };
    const { set } = await import('idb-keyval');
    await set('autosave:post:7', kept);
    renderAdmin(<Editor slot="post:7" savedAt={SAVED_AT} />, {
      answers: {
        'autosaves.get': () => ({
          slot: 'post:7',
          values: { title: 'Older' },
          base_version: 4,
          saved_at: '2026-11-20T09:00:00.000Z',
        }),
      },
    });
    (await screen.findByRole('button', { name: `Restore unsaved changes from ${formatTime(kept.saved_at)}` })).click();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Typed offline'));
  });

  it('does not offer an autosave older than the saved record, nor one with the saved values', async () => {
    const { calls, unmount } = renderAdmin(<Editor slot="post:7" savedAt={SAVED_AT} />, {
      answers: {
        'autosaves.get': () => ({
          slot: 'post:7',
          values: { title: 'Stale' },
          base_version: 3,
          saved_at: '2026-11-19T00:00:00.000Z',
        }),
      },
    });
    await screen.findByText('Looked for a draft');
    expect(calls.map((call) => call.path)).toContain('autosaves.get');
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
    unmount();
    const same = renderAdmin(<Editor slot="post:8" savedAt={SAVED_AT} />, {
      answers: {
        'autosaves.get': () => ({
          slot: 'post:8',
          values: { title: 'Saved', hidden: false },
          base_version: 4,
          saved_at: '2026-11-21T00:00:00.000Z',
        }),
      },
    });
    await screen.findByText('Looked for a draft');
    expect(same.calls.map((call) => call.path)).toContain('autosaves.get');
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it('discards the offer on the server and on the device', async () => {
    const { set } = await import('idb-keyval');
    await set('autosave:post:7', {
      slot: 'post:7',
      values: { title: 'Kept' },
      base_version: 4,
      saved_at: '2026-11-21T00:00:00.000Z',
    });
    const discarded: unknown[] = [];
    renderAdmin(<Editor slot="post:7" savedAt={SAVED_AT} />, {
      answers: {
        'autosaves.get': () => null,
        'autosaves.discard': (input) => (discarded.push(input), { status: 200 }),
      },
    });
    (await screen.findByRole('button', { name: 'Discard' })).click();
    await waitFor(() => expect(discarded).toEqual([{ slot: 'post:7' }]));
    expect(await deviceGet('autosave:post:7')).toBeUndefined();
    expect(screen.queryByRole('button', { name: /^Restore unsaved changes/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Saved');
  });

  it('a new post: makes its slot at the first change, remembers it, offers it when reopened, and Submit clears it', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const server = new Map<string, Autosave>();
    const answers = {
      'autosaves.get': (input: unknown) => server.get((input as { slot: string }).slot) ?? null,
      'autosaves.listNewPosts': () => [...server.values()],
      'autosaves.save': (input: unknown) => {
        const saved = answerOf(input as never);
        server.set(saved.slot, saved);
        return saved;
      },
      'autosaves.discard': (input: unknown) => (server.delete((input as { slot: string }).slot), { status: 200 }),
    };
    try {
      const first = renderAdmin(<Editor slot="new-post" saved={{ title: '', hidden: false }} />, { answers });
      await first.user.type(screen.getByLabelText('Title'), 'A new story');
      act(() => void jest.advanceTimersByTime(AUTOSAVE.debounceMs));
      await screen.findByText(/^Saved a draft at/);
      const slot = localStorage.getItem('blog.autosave.newPostSlot');
      expect(slot).toMatch(/^post:new:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect([...server.keys()]).toEqual([slot]);
      first.unmount();

      // The tab closed before Submit: Add post opens with the offer.
      const second = renderAdmin(<Editor slot="new-post" saved={{ title: '', hidden: false }} />, { answers });
      (await screen.findByRole('button', { name: /^Restore unsaved changes from/ })).click();
      await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('A new story'));
      await second.user.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(server.size).toBe(0));
      expect(localStorage.getItem('blog.autosave.newPostSlot')).toBeNull();
      second.unmount();

      // Nothing offered any more.
      const third = renderAdmin(<Editor slot="new-post" saved={{ title: '', hidden: false }} />, { answers });
      await screen.findByText('Looked for a draft');
      expect(third.calls.map((call) => call.path)).toContain('autosaves.listNewPosts');
      expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends what is not saved yet with a keepalive request when the page is hidden', async () => {
    const fetchMock = jest.fn(async (_url: string, init: RequestInit) => ({
      ok: true,
      json: async () => ({ ...JSON.parse(String(init.body)), slot: 'post:7', saved_at: SAVED_AT }),
    }));
    const original = window.fetch;
    window.fetch = fetchMock as unknown as typeof fetch;
    try {
      const { user } = renderAdmin(<Editor slot="post:7" />, { answers: { 'autosaves.get': () => null } });
      await user.type(screen.getByLabelText('Title'), ' and more');
      act(() => void window.dispatchEvent(new Event('pagehide')));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/autosaves/post%3A7');
      expect(init).toMatchObject({ method: 'PUT', keepalive: true, credentials: 'same-origin' });
      expect(JSON.parse(String(init.body))).toEqual({
        values: { title: 'Saved and more', hidden: false },
        base_version: 4,
      });
      await screen.findByText(`Saved a draft at ${formatTime(SAVED_AT)}`);
      // Nothing new: nothing sent again.
      act(() => void window.dispatchEvent(new Event('pagehide')));
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      window.fetch = original;
    }
  });
});
