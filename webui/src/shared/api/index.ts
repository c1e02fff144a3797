export * from './client';
export * from './account';
export * from './logout';
export * from './preferences';
export * from './formOptions';
export * from './notifications';
export { queryKeys } from './queryKeys';
export type * from './wire';
