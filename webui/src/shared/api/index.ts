export * from './client';
export * from './account';
export * from './logout';
