import { createTheme, type MantineColorScheme } from '@mantine/core';

/** Breakpoints of spec core §9 (mobile 767, tablet 959, desktop 1366), in em as Mantine expects. */
export const BREAKPOINTS_PX = { mobile: 767, tablet: 959, desktop: 1366 } as const;

/** Media queries for the spec's breakpoints. */
export const MEDIA = {
  mobile: `(max-width: ${BREAKPOINTS_PX.mobile / 16}em)`,
  tablet: `(max-width: ${BREAKPOINTS_PX.tablet / 16}em)`,
  desktop: `(min-width: ${BREAKPOINTS_PX.desktop / 16}em)`,
} as const;

/** Obra's Mantine theme. */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  breakpoints: {
    xs: '36em',
    sm: `${(BREAKPOINTS_PX.mobile + 1) / 16}em`,
    md: `${(BREAKPOINTS_PX.tablet + 1) / 16}em`,
    lg: `${BREAKPOINTS_PX.desktop / 16}em`,
    xl: '88em',
  },
});

/** The key under which the user's theme choice is saved. */
export const COLOR_SCHEME_KEY = 'obra.color-scheme';

/** A saved choice wins; without one the system preference applies ('auto'). */
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';
