// Public surface of the shopping feature: the app starts the sync of shops completed offline.
export { startShoppingSync } from './lib/sync';
