import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api';
import { subscribeSession } from '@/shared/session';
import { toast } from '@/shared/ui';
import { TEXTS } from './messages';
import { flushOutbox, type SendOutcome } from './outbox';

/** After a shop reached the server (or was refused): lists, stores, alerts and suggestions are fetched again. */
export function refreshAfterShop(queryClient: QueryClient, outcome: SendOutcome): void {
  if (outcome.status === 'sent' && outcome.result.list_deleted) {
    const detail = queryKeys.shoppingLists.detail(outcome.entry.listId);
    // A deleted list still on screen (synced in the background) is left as it is, not fetched again.
    void queryClient.cancelQueries({ queryKey: detail, exact: true });
    queryClient.removeQueries({ queryKey: detail, exact: true, type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.list() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.stores.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.suggestions.all });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.shoppingLists.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.stores.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.suggestions.all });
}

/** A waiting shop was sent in the background: refresh and tell the user. */
function reportSync(queryClient: QueryClient, outcome: SendOutcome): void {
  if (outcome.status === 'waiting') return;
  refreshAfterShop(queryClient, outcome);
  if (outcome.status === 'refused') {
    console.error('a waiting shop was refused', outcome.error);
    toast(TEXTS.completeFailed, 'error');
    return;
  }
  toast(TEXTS.updated, 'success');
  if (outcome.result.list_deleted) toast(TEXTS.deletedAfterShop, 'success');
}

/**
 * Sends the shops completed offline: now (app start), whenever the network comes back, and when
 * somebody signs in. Returns the stop function.
 */
export function startShoppingSync(queryClient: QueryClient): () => void {
  const run = () => void flushOutbox((outcome) => reportSync(queryClient, outcome));
  run();
  window.addEventListener('online', run);
  const stopSession = subscribeSession(run);
  return () => {
    window.removeEventListener('online', run);
    stopSession();
  };
}

/** Sends the waiting shops now (the 'send now' button), reporting as the background sync does. */
export function syncNow(queryClient: QueryClient): Promise<void> {
  return flushOutbox((outcome) => reportSync(queryClient, outcome));
}
