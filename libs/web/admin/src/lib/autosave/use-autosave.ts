import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { AUTOSAVE, autosaveIsNewer, type Autosave, type AutosaveValues, type NewRecordKind } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { deviceAutosaves, newRecordSlot } from './autosave-store';

/** What the status line says: nothing yet, a draft saved on the server, or kept on the device. */
export type AutosaveStatus = { kind: 'idle' } | { kind: 'saved'; at: string } | { kind: 'offline'; at: string };

export interface UseAutosaveOptions<Values extends FieldValues> {
  // The form's output type does not matter here: only its values are read and set.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<Values, any, any>;
  /**
   * The saved record's slot (`post:<id>`, `project:<id>`, `about:<id>`), `'new-post'` or `'new-project'` (a
   * slot made at the first change and remembered on the device), or null: no autosave (a record not created yet).
   */
  slot: string | NewRecordKind | null;
  /** When the record was last saved: an older autosave is not offered (left behind by a crash after a save). */
  savedAt?: string;
  /** The record's version the form started from, kept with the autosave. */
  baseVersion?: number | null;
  /**
   * The owner's own values, kept aside when they took the other tab's save (`useVersionConflict`): while the
   * form holds that save unchanged, these are the unsaved work the autosave keeps.
   */
  keptAside?: Values | null;
}

export interface UseAutosave {
  status: AutosaveStatus;
  /** An autosave newer than the saved record, with other values than the form's: offered until restored or discarded. */
  offer: Autosave | null;
  /** Whether the look for an autosave to offer, on opening, is done. */
  checked: boolean;
  /** Loads the offer into the form, as unsaved changes. */
  restore: () => void;
  /** Deletes the offered autosave, here and on the server. */
  discard: () => Promise<void>;
  /** After a successful submit: the autosave is done with (server, device, a new record's remembered slot). */
  clear: () => Promise<void>;
}

const json = (values: unknown) => JSON.stringify(values);
const isNewRecordKind = (slot: string | null): slot is NewRecordKind => slot === 'new-post' || slot === 'new-project';

/**
 * An autosave's values are flat (text, numbers, booleans, null): a field holding a list or an object (a
 * project's stack, results, gallery) is kept as its JSON text, and read back into the shape the form has.
 */
function flatValues(values: FieldValues): AutosaveValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'object' && value !== null ? json(value) : value,
    ]),
  ) as AutosaveValues;
}

/** An autosave's values in the shapes of the form's `current` ones (`flatValues` undone). */
function formValuesOf(values: AutosaveValues, current: FieldValues): FieldValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      const shaped = typeof current[name] === 'object' && current[name] !== null && typeof value === 'string';
      if (!shaped) return [name, value];
      try {
        return [name, JSON.parse(value) as unknown];
      } catch {
        // Not this form's shape (a draft of an older form): the form's own value stays.
        return [name, current[name]];
      }
    }),
  );
}
const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/**
 * Autosave of an editor's form: `AUTOSAVE.debounceMs` after its values stop changing,
 * and when the page is hidden or closed (`fetch` with `keepalive`), the values go to the user's slot on the
 * server; when that fails (offline, server down) they are kept in IndexedDB and sent when the browser is
 * back `online` or at the next change. On opening, an autosave newer than the saved record is offered.
 */
export function useAutosave<Values extends FieldValues>({
  form,
  slot: givenSlot,
  savedAt,
  baseVersion = null,
  keptAside = null,
}: UseAutosaveOptions<Values>): UseAutosave {
  const utils = trpc.useUtils();
  const client = utils.client;
  const newKind = isNewRecordKind(givenSlot) ? givenSlot : null;
  const isNew = newKind !== null;
  const newSlots = useRef(newKind && newRecordSlot(newKind)).current;
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });
  const [offer, setOffer] = useState<Autosave | null>(null);
  const [checked, setChecked] = useState(false);
  // Refs: the listeners below live as long as the form and read the latest of these.
  const slot = useRef<string | null>(newSlots ? newSlots.remembered() : givenSlot);
  /** The values last sent or saved (the record's at first): no need to send them again. */
  const sent = useRef(json(flatValues(form.getValues())));
  useEffect(() => {
    if (!isNew) slot.current = givenSlot;
  }, [givenSlot, isNew]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Bumped by `clear`: a save still under way then is of values just submitted, no draft any more. */
  const generation = useRef(0);
  const mounted = useRef(true);
  // Read while rendering, so that the form tells this hook when it becomes dirty.
  const unchanged = useRef(!form.formState.isDirty);
  unchanged.current = !form.formState.isDirty;
  const aside = useRef(keptAside);
  aside.current = keptAside;
  /** What would be lost: the form's values, or the values kept aside while the form holds the other save unchanged. */
  const unsavedWork = () => flatValues(aside.current && unchanged.current ? aside.current : form.getValues());

  const entryOf = (values: AutosaveValues): Autosave | null =>
    slot.current ? { slot: slot.current, values, base_version: baseVersion, saved_at: new Date().toISOString() } : null;

  const keepOnDevice = useCallback(async (entry: Autosave) => {
    await deviceAutosaves.set(entry);
    if (mounted.current) setStatus({ kind: 'offline', at: entry.saved_at });
  }, []);

  /** Sends the entry; kept on the device when that fails. */
  const send = useCallback(
    async (entry: Autosave) => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) return keepOnDevice(entry);
      const started = generation.current;
      try {
        const saved = await client.autosaves.save.mutate({
          slot: entry.slot,
          values: entry.values,
          base_version: entry.base_version,
        });
        // The submit cleared the slot meanwhile: what this saved is no draft any more.
        if (generation.current !== started) {
          return void client.autosaves.discard.mutate({ slot: entry.slot }).catch(() => undefined);
        }
        await deviceAutosaves.delete(entry.slot);
        if (mounted.current) setStatus({ kind: 'saved', at: saved.saved_at });
      } catch {
        await keepOnDevice(entry);
      }
    },
    [client, keepOnDevice],
  );

  /** Sends the form's values now when they changed since last sent. */
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const values = unsavedWork();
    const text = json(values);
    if (text === sent.current) return;
    if (!slot.current && newSlots) slot.current = newSlots.create();
    const entry = entryOf(values);
    if (!entry) return;
    sent.current = text;
    void send(entry);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, send, isNew]);

  /** The device's copy, sent when the browser is back online (unless a change's save is about to go). */
  const sendDeviceCopy = useCallback(async () => {
    if (!slot.current) return;
    const kept = await deviceAutosaves.get(slot.current);
    if (kept && !timer.current) await send({ ...kept, saved_at: new Date().toISOString() });
  }, [send]);

  // Every change restarts the wait; the values are read when it ends.
  useEffect(() => {
    const subscription = form.watch(() => {
      clearTimeout(timer.current);
      // A copy kept offline is superseded by these values: their save deletes it.
      timer.current = setTimeout(flush, AUTOSAVE.debounceMs);
    });
    return () => subscription.unsubscribe();
  }, [form, flush]);

  // Hidden or closed: what is not sent yet goes now, in a request that outlives the page.
  useEffect(() => {
    const onHide = () => {
      if (!slot.current && !isNew) return;
      const values = unsavedWork();
      const text = json(values);
      if (text === sent.current) return;
      clearTimeout(timer.current);
      timer.current = undefined;
      if (!slot.current && newSlots) slot.current = newSlots.create();
      const entry = entryOf(values);
      if (!entry) return;
      sent.current = text;
      // The device copy first (it is written even when the page goes away before the answer); it is
      // deleted when the request succeeds.
      void deviceAutosaves.set(entry);
      const body = json({ values: entry.values, base_version: entry.base_version });
      if (navigator.onLine === false || bytesOf(body) > AUTOSAVE.keepaliveMaxBytes) {
        setStatus({ kind: 'offline', at: entry.saved_at });
        return;
      }
      // Same origin: the session cookie and the Origin header go with it, as with the app's other calls.
      void fetch(`/api/autosaves/${encodeURIComponent(entry.slot)}`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`autosave answered ${response.status}`);
          const saved = (await response.json()) as Autosave;
          await deviceAutosaves.delete(entry.slot);
          if (mounted.current) setStatus({ kind: 'saved', at: saved.saved_at });
        })
        .catch(() => mounted.current && setStatus({ kind: 'offline', at: entry.saved_at }));
    };
    const onVisibility = () => document.visibilityState === 'hidden' && onHide();
    const onOnline = () => void sendDeviceCopy();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, sendDeviceCopy, isNew]);

  // Leaving the editor inside the app: what is not sent yet goes now.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current) flush();
    };
  }, [flush]);

  // Opening: the newest of the server's and the device's autosave, offered when newer than the saved record.
  useEffect(() => {
    let active = true;
    void (async () => {
      const server = async (): Promise<Autosave[]> => {
        try {
          if (slot.current)
            return [await client.autosaves.get.query({ slot: slot.current })].filter(Boolean) as Autosave[];
          // A new record whose slot this browser does not remember (another device, storage cleared).
          if (newKind === 'new-project') return (await client.autosaves.listNewProjects.query()).slice(0, 1);
          return newKind === 'new-post' ? (await client.autosaves.listNewPosts.query()).slice(0, 1) : [];
        } catch {
          return [];
        }
      };
      const device = slot.current ? await deviceAutosaves.get(slot.current) : undefined;
      const found = [...(await server()), ...(device ? [device] : [])].sort((a, b) =>
        b.saved_at.localeCompare(a.saved_at),
      )[0];
      if (!active) return;
      setChecked(true);
      if (!found || !autosaveIsNewer(found.saved_at, savedAt)) return;
      const current = form.getValues();
      if (json(pick(formValuesOf(found.values, current), current)) === json(current)) return;
      setOffer(found);
    })();
    return () => {
      active = false;
    };
    // Once, with the record the editor opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const restore = useCallback(() => {
    if (!offer) return;
    if (newSlots) {
      slot.current = offer.slot;
      newSlots.remember(offer.slot);
    }
    const current = form.getValues() as Record<string, unknown>;
    for (const [name, value] of Object.entries(formValuesOf(offer.values, current))) {
      if (name in current) {
        form.setValue(name as Path<Values>, value as PathValue<Values, Path<Values>>, { shouldDirty: true });
      }
    }
    setOffer(null);
  }, [offer, form, newSlots]);

  const discard = useCallback(async () => {
    if (!offer) return;
    setOffer(null);
    if (newSlots) newSlots.forget(offer.slot);
    if (slot.current === offer.slot && newSlots) slot.current = null;
    await deviceAutosaves.delete(offer.slot);
    await client.autosaves.discard.mutate({ slot: offer.slot }).catch(() => undefined);
  }, [offer, client, newSlots]);

  const clear = useCallback(async () => {
    generation.current += 1;
    clearTimeout(timer.current);
    timer.current = undefined;
    // The values just saved are the record's: nothing to send until they change (the About form stays open).
    sent.current = json(flatValues(form.getValues()));
    const done = slot.current;
    if (!done) return;
    if (newSlots) {
      newSlots.forget(done);
      slot.current = null;
    }
    setStatus({ kind: 'idle' });
    await deviceAutosaves.delete(done);
    await client.autosaves.discard.mutate({ slot: done }).catch(() => undefined);
  }, [client, newSlots, form]);

  return { status, offer, checked, restore, discard, clear };
}

/** The autosave's values the form has, in the form's order (fields added since are the form's own). */
function pick(values: FieldValues, current: FieldValues): FieldValues {
  return Object.fromEntries(Object.keys(current).map((name) => [name, name in values ? values[name] : current[name]]));
}
