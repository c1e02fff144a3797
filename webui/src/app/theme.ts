import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Larder's green. Mantine's stock green puts white text on #40c057 (2.4:1); from shade 6 up
 * these keep white text and green-on-tint text above WCAG AA's 4.5:1.
 */
const larder: MantineColorsTuple = [
  '#e9f7ec',
  '#d3efd9',
  '#a8dfb3',
  '#7ccf8c',
  '#52bf66',
  '#35a94b',
  '#237a36',
  '#1f6d30',
  '#1a5f2a',
  '#155023',
];

export const theme = createTheme({
  colors: { larder },
  primaryColor: 'larder',
  primaryShade: 6,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});

/** Dimmed text darker than Mantine's gray.6 (3.3:1 on white) so secondary text stays readable. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
