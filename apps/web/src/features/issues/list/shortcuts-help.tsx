import { useEffect, useState } from 'react';
import { Group, Kbd, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The issue list's shortcuts, in the order the help lists them. */
export const LIST_SHORTCUTS = [
  { keys: ['↑', '↓'], action: 'move' },
  { keys: ['j', 'k'], action: 'move' },
  { keys: ['Home', 'End'], action: 'ends' },
  { keys: ['PageUp', 'PageDown'], action: 'page' },
  { keys: ['Enter'], action: 'open' },
  { keys: ['x'], action: 'select' },
  { keys: ['/'], action: 'search' },
  { keys: ['Esc'], action: 'clearSearch' },
  { keys: ['?'], action: 'help' },
] as const;

/** `?` anywhere on the list (outside a text field) shows its keyboard shortcuts (issue 21). */
export function ShortcutsHelp() {
  const { t } = useTranslation('everyday');
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      // `?` typed in a field (the search box, a comment) stays a character.
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      setOpened(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title={t('shortcuts.title')}
      data-testid="shortcuts-help"
    >
      <Stack gap="xs">
        {LIST_SHORTCUTS.map((s) => (
          <Group key={s.keys.join()} justify="space-between" wrap="nowrap" data-testid="shortcut">
            <Group gap={4} wrap="nowrap">
              {s.keys.map((k) => (
                <Kbd key={k}>{k}</Kbd>
              ))}
            </Group>
            <Text size="sm">{t(`shortcuts.${s.action}`)}</Text>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
