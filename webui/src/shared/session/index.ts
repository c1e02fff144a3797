export * from './session';
export type { Role, User } from './types';
