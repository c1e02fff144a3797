export * from './session';
export type { Role, User } from '@/shared/api/wire';
