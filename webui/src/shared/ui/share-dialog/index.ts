/**
 * The share dialog of lists, stores and plans:
 *
 *   <ShareDialog entityId={list.id} entityType="UserShoppinglist" sharedWith={list.shared_with}
 *     opened={opened} onClose={close} onChanged={() => invalidate(list)} />
 */
export {
  SHARE_EMAIL_WARNING_AFTER,
  SHARE_ROWS_SHOWN,
  SHARE_TEXTS,
  ShareDialog,
  type ShareDialogProps,
} from './ShareDialog';
