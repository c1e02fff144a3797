import { lazy, Suspense, useState } from 'react';
import type { SideMenuProps } from './SideMenu';

// The menu drawer (with its focus trap, scroll lock, install, update and wake-lock items) is not
// part of the first screen: its code is fetched when the menu first opens.
const SideMenuDrawer = lazy(async () => ({ default: (await import('./SideMenu')).SideMenu }));

/** The side menu, mounted from its first opening on (so it keeps its state and closing transition). */
export function SideMenu(props: SideMenuProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <SideMenuDrawer {...props} />
    </Suspense>
  );
}
