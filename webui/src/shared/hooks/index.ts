export * from './useWakeLock';
export * from './useOnline';
export * from './useDebouncedCallback';
