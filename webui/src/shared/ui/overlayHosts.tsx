/**
 * The toast area and the modals manager, rendered by the app's providers but not part of its first
 * screen: their code (transitions, portals, focus trap, scroll lock) is fetched when the first
 * toast or confirm dialog is shown.
 */
import type { ModalsProviderProps } from '@mantine/modals';
import { notificationsStore, type NotificationsProps } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';

const ToastLayer = lazy(async () => ({ default: (await import('./ToastLayer')).ToastLayer }));

function hasToasts(): boolean {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
}

/** Mantine's <Notifications>, mounted from the first toast on (a toast shown before is kept). */
export function ToastArea(props: NotificationsProps) {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, hasToasts, hasToasts);
  const [used, setUsed] = useState(wanted);
  if (wanted && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToastLayer {...props} />
    </Suspense>
  );
}

type ModalsLayerComponent = ComponentType<{ labels: ModalsProviderProps['labels']; onReady: () => void }>;

/** The modals manager's state, shared by the host and `whenModalsReady` (one host at a time). */
const modalsState = {
  requested: false,
  ready: false,
  waiting: [] as { resolve: () => void; reject: (error: unknown) => void }[],
  listeners: new Set<() => void>(),
};

let modalsLayer: Promise<ModalsLayerComponent> | null = null;

function loadModalsLayer(): Promise<ModalsLayerComponent> {
  modalsLayer ??= import('./ModalsLayer').then(
    (module) => module.ModalsLayer,
    (error: unknown) => {
      modalsLayer = null;
      throw error;
    },
  );
  return modalsLayer;
}

function settleWaiting(error?: unknown): void {
  const waiting = modalsState.waiting;
  modalsState.waiting = [];
  for (const waiter of waiting) {
    if (error === undefined) waiter.resolve();
    else waiter.reject(error);
  }
}

/**
 * Resolves once the modals manager listens for `modals.open…` calls (loading it on first use);
 * rejects when its code cannot be fetched.
 */
export function whenModalsReady(): Promise<void> {
  if (modalsState.ready) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    modalsState.waiting.push({ resolve, reject });
    if (!modalsState.requested) {
      modalsState.requested = true;
      modalsState.listeners.forEach((listener) => listener());
    }
  });
}

function subscribeModals(listener: () => void): () => void {
  modalsState.listeners.add(listener);
  return () => modalsState.listeners.delete(listener);
}

const modalsRequested = () => modalsState.requested;

/** Mantine's <ModalsProvider>, mounted once a dialog is first asked for. */
export function ModalsHost({ labels }: { labels: ModalsProviderProps['labels'] }) {
  const requested = useSyncExternalStore(subscribeModals, modalsRequested, modalsRequested);
  const [Layer, setLayer] = useState<ModalsLayerComponent | null>(null);

  useEffect(() => {
    if (!requested || Layer) return;
    let live = true;
    loadModalsLayer().then(
      (component) => {
        if (live) setLayer(() => component);
      },
      (error: unknown) => {
        console.error('loading the dialogs failed', error);
        // A later dialog tries again.
        modalsState.requested = false;
        settleWaiting(error);
      },
    );
    return () => {
      live = false;
    };
  }, [requested, Layer]);

  // The manager unmounts with the host (a new host starts listening again).
  useEffect(
    () => () => {
      modalsState.ready = false;
    },
    [],
  );

  const onReady = useCallback(() => {
    modalsState.ready = true;
    settleWaiting();
  }, []);

  return Layer ? <Layer labels={labels} onReady={onReady} /> : null;
}
