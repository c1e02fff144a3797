/**
 * Copies text to the clipboard: the async Clipboard API when the browser has it (and allows it),
 * otherwise a hidden textarea selected and copied with `document.execCommand('copy')`.
 * Rejects when neither way works.
 */
export async function copyText(text: string): Promise<void> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return;
    } catch (error) {
      if (!copyWithTextarea(text)) throw error;
      return;
    }
  }
  if (!copyWithTextarea(text)) throw new Error('Copying to the clipboard is not supported');
}

/** The old way: select a hidden textarea's text and run the copy command. */
export function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '0';
  textarea.style.opacity = '0';
  textarea.style.pointerEvents = 'none';
  document.body.appendChild(textarea);
  const active = document.activeElement as HTMLElement | null;
  try {
    textarea.focus();
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    document.body.removeChild(textarea);
    active?.focus?.();
  }
}
