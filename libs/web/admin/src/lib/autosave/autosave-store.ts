import { del, get, set } from 'idb-keyval';
import { autosaveSlotOf, type Autosave, type NewRecordKind } from '@blog/contracts';

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
 * The slot of the new post (or project) being written in this browser, remembered across closed tabs
 * (localStorage), so that reopening Add post (Add project) offers it; forgotten once the record is submitted
 * or its autosave discarded.
 */
const NEW_RECORD_KEYS: Record<NewRecordKind, string> = {
  'new-post': 'blog.autosave.newPostSlot',
  'new-project': 'blog.autosave.newProjectSlot',
};
const NEW_RECORD_SLOTS: Record<NewRecordKind, (uuid: string) => string> = {
  'new-post': autosaveSlotOf.newPost,
  'new-project': autosaveSlotOf.newProject,
};

export function newRecordSlot(kind: NewRecordKind) {
  const key = NEW_RECORD_KEYS[kind];
  const slots = {
    remembered(): string | null {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    /** A fresh slot, remembered. */
    create(): string {
      const slot = NEW_RECORD_SLOTS[kind](uuid());
      slots.remember(slot);
      return slot;
    },
    remember(slot: string): void {
      try {
        localStorage.setItem(key, slot);
      } catch {
        // Storage refused (full, disabled): the server's list of new records still finds it.
      }
    },
    forget(slot: string): void {
      try {
        if (localStorage.getItem(key) === slot) localStorage.removeItem(key);
      } catch {
        // Nothing remembered.
      }
    },
  };
  return slots;
}

/** A version 4 uuid: `crypto.randomUUID` exists only in secure contexts (https, localhost); random values everywhere. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
