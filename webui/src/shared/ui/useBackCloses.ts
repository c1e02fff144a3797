import { useEffect, useRef } from 'react';

/** The history entry an open dialog adds: its mark in `history.state`. */
export const DIALOG_MARK = 'larderDialog';

/**
 * Back (the browser's, or a phone's back gesture) calls `onBack` instead of leaving the page: an
 * entry of the same address is added, and Back takes it away. The returned function ends this:
 * called while the entry is still the current one (the dialog closed another way: its buttons,
 * Escape), it takes the entry away itself, so the next Back leaves the page as before. The entry is added a
 * tick later: React's development double-mount must not add one that its own cleanup undoes.
 */
export function closeOnBack(onBack: () => void): () => void {
  const mark = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  let added = false;
  let backed = false;
  const marked = () => (window.history.state as Record<string, unknown> | null)?.[DIALOG_MARK] === mark;
  const onPop = () => {
    if (marked()) return;
    backed = true;
    window.removeEventListener('popstate', onPop);
    onBack();
  };
  const timer = window.setTimeout(() => {
    const state = (window.history.state as Record<string, unknown> | null) ?? {};
    window.history.pushState({ ...state, [DIALOG_MARK]: mark }, '');
    added = true;
    window.addEventListener('popstate', onPop);
  }, 0);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('popstate', onPop);
    if (!added || backed) return;
    // A tick later, and only if the entry is still the current one: a dialog that closes as the
    // app navigates away (a created list opening its editor) leaves the new page where it is.
    window.setTimeout(() => {
      if (marked()) window.history.back();
    }, 0);
  };
}

/** While `opened`, Back calls `onClose` instead of leaving the page (closeOnBack). */
export function useBackCloses(opened: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => (opened ? closeOnBack(() => close.current()) : undefined), [opened]);
}
