import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEmbedded } from '../app/embedded-context.tsx';

/** Toggles light and dark; hidden when embedded, where the theme is forced to light. */
export function ThemeSwitcher() {
  const { t } = useTranslation('common');
  const embedded = useEmbedded();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  if (embedded) return null;
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'theme.toDark' : 'theme.toLight');
  return (
    <Tooltip label={label} openDelay={500}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={label}
        data-testid="theme-switcher"
        data-scheme={computed}
        onClick={() => setColorScheme(next)}
      >
        {computed === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
