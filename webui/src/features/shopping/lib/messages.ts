/** The texts of spec part 2 §2, §4 and §8 this feature shows, exactly as written there. */
export const TEXTS = {
  createTitle: 'Create a Shopping List',
  plainName: 'may only contain letters, numbers and spaces',
  nameRequired: 'The name field is required.',
  storeItems: 'Store Items',
  updated: 'Lists and Stores Updated',
  completeFailed: 'An Error has occurred :(',
  /** After the 'Store Items' dialog deleted the list. */
  deletedAfterShop: 'List Deleted',
  /** After the menu's delete. */
  deleted: 'List Deleted.',
  removed: 'List Removed.',
  copied: 'Copied to Clipboard',
  waiting: 'waiting to sync',
} as const;

/** How long the 'Store Items' dialog waits after 'List Deleted' before leaving the list (ms). */
export const DELETE_DELAY_MS = 800;
