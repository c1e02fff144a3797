export * from './useWakeLock';
export * from './useOnline';
