export * from './client';
export * from './account';
export * from './logout';
export * from './preferences';
export * from './formOptions';
export { queryKeys } from './queryKeys';
export type * from './wire';
