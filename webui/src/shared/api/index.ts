export * from './client';
export * from './account';
export * from './logout';
export * from './preferences';
