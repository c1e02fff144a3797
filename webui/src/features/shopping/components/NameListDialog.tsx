
import { Dialog } from '@/shared/ui';
import { TEXTS } from '../lib/messages';
import { NameListForm } from './NameListForm';

/** The naming dialog of the Create button (spec part 2 §2, §4 'Shopping list create'). */
export function NameListDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title={TEXTS.createTitle} centered>
      {opened && <NameListForm onCancel={onClose} />}
    </Dialog>
  );
}
