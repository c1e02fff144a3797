import { startDiscoverListEarly } from '@/features/catalogue/firstScreen';

/*
 * A second, small script of index.html, run before the app's own (main.tsx): free of React DOM,
 * Mantine and the router, it runs as soon as it arrives and asks for the first screen's data (the
 * catalogue list on /recipes) while the app's much larger code is still downloading. The list takes
 * that answer instead of asking again when it first renders.
 */
void startDiscoverListEarly(window.location);
