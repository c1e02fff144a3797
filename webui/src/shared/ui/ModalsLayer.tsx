import { ModalsProvider, type ModalsProviderProps } from '@mantine/modals';
import { useEffect } from 'react';

/** Tells the host once the modals manager listens (its own effects have run by then). */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

/**
 * Mantine's modals manager (loaded by ModalsHost when the first confirm dialog opens). It wraps
 * nothing: the app opens its dialogs through the `modals` events, never through `useModals`.
 */
export function ModalsLayer({ labels, onReady }: { labels: ModalsProviderProps['labels']; onReady: () => void }) {
  return (
    <>
      <ModalsProvider labels={labels} />
      <Ready onReady={onReady} />
    </>
  );
}
