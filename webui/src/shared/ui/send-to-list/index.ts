/**
 * 'send ingredients to list' of the recipe pages:
 *
 *   <SendToListDialog ingredients={lines.map((line, i) => ({ key: String(i), label, item: listItemOf(line) }))}
 *     opened={opened} onClose={close} />
 */
export { SEND_TO_LIST_TEXTS, SendToListDialog, type SendToListDialogProps } from './SendToListDialog';
export { ITEM_NAME_MAX, itemName, listItemOf, type SendableIngredient } from './api';
