export * from './useWakeLock';
