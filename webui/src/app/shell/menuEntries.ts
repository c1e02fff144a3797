import type { ComponentType } from 'react';
import {
  IconBell,
  IconBook,
  IconCalendarEvent,
  IconChefHat,
  IconCircleCheck,
  IconCompass,
  IconDatabase,
  IconFridge,
  IconInbox,
  IconLayoutDashboard,
  IconNews,
  IconNotebook,
  IconShoppingCart,
  IconUserCircle,
  IconUsers,
} from '@/shared/ui/icons';

export interface MenuEntry {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** A number shown beside the entry: the expired plus expiring items (GET /notifications). */
  count?: 'expiry';
}

/** Side menu entries, in the order of spec part 1 §2.3. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { label: 'dashboard', to: '/user-dashboard', icon: IconLayoutDashboard },
  { label: 'discover', to: '/recipes', icon: IconCompass },
  { label: 'my cookbook', to: '/user-recipes', icon: IconBook },
  { label: 'create recipe', to: '/recipe-creator', icon: IconChefHat },
  { label: 'shopping lists', to: '/user-shopping-lists', icon: IconShoppingCart },
  { label: 'meal planning', to: '/user-meal-plans', icon: IconCalendarEvent },
  { label: 'food diary', to: '/diary', icon: IconNotebook },
  { label: 'pantry manager', to: '/user-stores', icon: IconFridge },
  { label: 'notifications', to: '/user-notifications', icon: IconBell, count: 'expiry' },
  { label: 'account', to: '/user-preferences', icon: IconUserCircle },
];

/** Entries for administrators only (role admin), shown after the others. */
export const ADMIN_MENU_ENTRIES: readonly MenuEntry[] = [
  { label: 'manage news', to: '/admin/news', icon: IconNews },
  { label: 'publish requests', to: '/admin/publish-requests', icon: IconCircleCheck },
  { label: 'inbox', to: '/admin/inbox', icon: IconInbox },
  { label: 'users', to: '/admin/users', icon: IconUsers },
  { label: 'backups', to: '/admin/backups', icon: IconDatabase },
];
