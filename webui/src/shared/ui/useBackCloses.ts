import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/** The close callbacks of the dialogs open now, the last opened last. */
const openDialogs: Array<{ current: () => void }> = [];

/**
 * While `opened`, Back (the browser's, or a phone's back gesture) closes this dialog instead of
 * leaving the page and losing what was typed in it. `BackClosesDialogs`, mounted once inside the
 * router, holds Back and closes the dialog opened last. Nothing is added to the history: a dialog
 * closed by its own buttons leaves Back as it was, and one that navigates (a created store opening
 * its page) navigates freely.
 */
export function useBackCloses(opened: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!opened) return;
    openDialogs.push(close);
    return () => {
      const index = openDialogs.lastIndexOf(close);
      if (index >= 0) openDialogs.splice(index, 1);
    };
  }, [opened]);
}

/** react-router's blocker for Back (a POP navigation) while a dialog is open; see useBackCloses. */
export function BackClosesDialogs() {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP' && openDialogs.length > 0);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openDialogs[openDialogs.length - 1]?.current();
    blocker.reset();
  }, [blocker]);
  return null;
}
