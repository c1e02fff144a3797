import { copyText } from '@/shared/lib/clipboard';
import { toast } from '@/shared/ui/toast';

export const COPIED_TEXT = 'Copied to Clipboard';
export const COPIED_INGREDIENTS_TEXT = 'Copied Ingredients to Clipboard';
export const COPIED_LINK_TEXT = 'Copied Link to Clipboard';

/**
 * Copies `text` (Clipboard API, else the hidden-textarea fallback of shared/lib/clipboard) and
 * shows the `done` toast; a failure is only logged.
 */
export function copyWithToast(text: string, done: string = COPIED_TEXT): Promise<void> {
  return copyText(text).then(
    () => {
      toast(done, 'success');
    },
    (error: unknown) => {
      console.error('Copying to the clipboard failed', error);
    },
  );
}
