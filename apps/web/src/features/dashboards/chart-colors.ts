import { useMemo } from 'react';
import { useComputedColorScheme, useMantineTheme, type MantineTheme } from '@mantine/core';

/** The colours of statuses and priorities, the same as the issue list's badges use, in both themes. */
export function chartColors(theme: MantineTheme, dark: boolean) {
  const shade = dark ? 5 : 6;
  const c = (name: string) => theme.colors[name]?.[shade] ?? '#888';
  return {
    status: { active: c('blue'), resolved: c('teal'), reproved: c('gray') } as Record<string, string>,
    priority: { high: c('red'), medium: c('orange'), low: c('gray') } as Record<string, string>,
    raised: c('orange'),
    closed: c('teal'),
    backlog: c('blue'),
    trend: c('grape'),
    heat: dark
      ? [theme.colors.dark?.[5] ?? '#333', c('blue')]
      : [theme.colors.blue?.[0] ?? '#eef', c('blue')],
  };
}

/** The chart colours of the current theme and colour scheme (the same object until either changes). */
export function useChartColors(): ReturnType<typeof chartColors> {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return useMemo(() => chartColors(theme, dark), [theme, dark]);
}
