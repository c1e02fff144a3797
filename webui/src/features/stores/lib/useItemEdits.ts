import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, queryKeys, type Store, type StoreItemIn } from '@/shared/api';
import { toast } from '@/shared/ui';
import { updateStore } from '../api/stores';

/** Edits to store items are saved this long after the last change (part 2 §4, §9). */
export const ITEM_SAVE_DELAY_MS = 500;

/** What an item edit sends: the fields changed, by item id. */
export type ItemChange = Pick<StoreItemIn, 'quantity' | 'unit' | 'estimated_expiry_days' | 'date_added'>;

/** What the item's controls show while the edit is not saved yet (as typed, valid or not). */
export interface ItemDraft {
  quantity?: number | string;
  unit?: string;
  estimated_expiry_days?: number | string;
  /** The day added as typed, 'DD/MM/YYYY'. */
  day_added?: string;
}

/** Part 2 §8 'Stores: N items changed' and its failure. */
export const ITEM_TEXTS = {
  saved: (count: number, store: string) => `${count} ingredients in ${store} updated successfully`,
  failed: (name: string) => `error updating ${name}`,
} as const;

/**
 * Item edits of one store, saved together 500 ms after the last change: PUT /stores/{id} with the
 * changed items only (each with its id and the fields changed) and `updated_at`, the store's version
 * the edits were made on. The server refuses (409) an edit of an item a household member changed
 * after that version, and takes edits of other items as they come. Drafts keep what the controls
 * show until the save answers; a change left when the screen closes is saved at once.
 *
 * One save at a time: edits made while one is on its way are sent when it answers, on the version
 * it answered (a member's own save never makes their next one stale).
 */
export function useItemEdits(store: Store | undefined) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<number, ItemDraft>>({});
  /** The items whose last edit is saved: their rows say so until they are changed again. */
  const [saved, setSaved] = useState<ReadonlySet<number>>(new Set());
  const pending = useRef(new Map<number, ItemChange>());
  /** The store version the waiting edits were made on; null while none waits. */
  const base = useRef<string | null>(null);
  const saving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = useRef(store);
  useEffect(() => {
    current.current = store;
  }, [store]);

  /** Drafts of the items sent and not changed again since are dropped: the answer shows them. */
  const settle = useCallback((ids: number[]) => {
    // Decided now: the edits waiting now may be on their way by the time the state updates.
    const answered = ids.filter((id) => !pending.current.has(id));
    setDrafts((all) => {
      const next = { ...all };
      for (const id of answered) delete next[id];
      return next;
    });
  }, []);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const target = current.current;
    if (!target || pending.current.size === 0 || saving.current) return;
    const items = [...pending.current].map(([id, change]) => ({ id, ...change }));
    const updated_at = base.current ?? target.updated_at;
    pending.current = new Map();
    base.current = null;
    saving.current = true;
    const ids = items.map((item) => item.id);
    /** The edits made meanwhile go next, at once: their wait ran out while this one was saving. */
    const next = (answered: string | null) => {
      saving.current = false;
      if (pending.current.size === 0) return;
      if (answered !== null) base.current = answered;
      if (timer.current === null) flush();
    };
    updateStore(queryClient, target.id, { items, updated_at }).then(
      (answer) => {
        toast(ITEM_TEXTS.saved(items.length, answer.name), 'success');
        settle(ids);
        setSaved((all) => new Set([...all, ...ids.filter((id) => !pending.current.has(id))]));
        next(answer.updated_at);
      },
      (error: unknown) => {
        if (!(isApiError(error) && error.status === 401)) toast(ITEM_TEXTS.failed(target.name), 'error');
        settle(ids);
        void queryClient.invalidateQueries({ queryKey: queryKeys.stores.detail(target.id) });
        next(null);
      },
    );
  }, [queryClient, settle]);

  /**
   * Shows `draft` for the item now and queues `change` for the save (null: what was typed is not
   * valid, nothing of that field is sent); the save waits for 500 ms without changes.
   */
  const change = useCallback(
    (id: number, draft: ItemDraft, changed: ItemChange | null, field: keyof ItemChange) => {
      setDrafts((all) => ({ ...all, [id]: { ...all[id], ...draft } }));
      setSaved((all) => {
        if (!all.has(id)) return all;
        const next = new Set(all);
        next.delete(id);
        return next;
      });
      base.current ??= current.current?.updated_at ?? null;
      const queued: ItemChange = { ...pending.current.get(id) };
      if (changed) Object.assign(queued, changed);
      else delete queued[field];
      if (Object.keys(queued).length > 0) pending.current.set(id, queued);
      else pending.current.delete(id);
      if (pending.current.size === 0) base.current = null;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, ITEM_SAVE_DELAY_MS);
    },
    [flush],
  );

  // Leaving the screen saves what is still waiting.
  useEffect(() => flush, [flush]);

  return { drafts, saved, change, flush };
}
