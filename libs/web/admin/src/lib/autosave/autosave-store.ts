import { del, get, set } from 'idb-keyval';
import { autosaveSlotOf, type Autosave } from '@blog/contracts';

/**
 * The device's copy of an autosave (IndexedDB, through idb-keyval): kept when the server cannot be reached,
 * sent when it can again. Without IndexedDB (a private window of some browsers, a test without it) there is
 * no device copy, and the server's is all there is.
 */
const keyOf = (slot: string) => `autosave:${slot}`;
const available = () => typeof indexedDB !== 'undefined';

export const deviceAutosaves = {
  async get(slot: string): Promise<Autosave | undefined> {
    if (!available()) return undefined;
    return (await get<Autosave>(keyOf(slot)).catch(() => undefined)) ?? undefined;
  },
  async set(autosave: Autosave): Promise<void> {
    if (available()) await set(keyOf(autosave.slot), autosave).catch(() => undefined);
  },
  async delete(slot: string): Promise<void> {
    if (available()) await del(keyOf(slot)).catch(() => undefined);
  },
};

/**
 * The slot of the new post being written in this browser, remembered across closed tabs (localStorage), so
 * that reopening Add post offers it; forgotten once the post is submitted or its autosave discarded.
 */
const NEW_POST_KEY = 'blog.autosave.newPostSlot';

export const newPostSlot = {
  remembered(): string | null {
    try {
      return localStorage.getItem(NEW_POST_KEY);
    } catch {
      return null;
    }
  },
  /** A fresh slot, remembered. */
  create(): string {
    const slot = autosaveSlotOf.newPost(uuid());
    newPostSlot.remember(slot);
    return slot;
  },
  remember(slot: string): void {
    try {
      localStorage.setItem(NEW_POST_KEY, slot);
    } catch {
      // Storage refused (full, disabled): the server's list of new posts still finds it.
    }
  },
  forget(slot: string): void {
    try {
      if (localStorage.getItem(NEW_POST_KEY) === slot) localStorage.removeItem(NEW_POST_KEY);
    } catch {
      // Nothing remembered.
    }
  },
};

/** A version 4 uuid: `crypto.randomUUID` exists only in secure contexts (https, localhost); random values everywhere. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
