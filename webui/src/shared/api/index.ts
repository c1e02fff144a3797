export * from './client';
export * from './account';
export * from './logout';
export * from './preferences';
export * from './formOptions';
export * from './notifications';
export * from './sharing';
export { queryKeys } from './queryKeys';
export type * from './wire';
