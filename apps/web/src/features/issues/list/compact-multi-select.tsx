import { useId, useState } from 'react';
import { Checkbox, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconSearch } from '@tabler/icons-react';
import { normalizeText } from '@obra/domain';
import { useTranslation } from 'react-i18next';

/** One choice of a multi-select. */
export interface MultiSelectOption<V extends string | number> {
  readonly value: V;
  readonly label: string;
}

/** How many chosen names the summary spells out before "+N" (editor §9). */
export const SUMMARY_NAMES = 2;

/** The summary of a selection: up to two names, then +N for the rest. */
export function selectionSummary(labels: readonly string[], names = SUMMARY_NAMES): string {
  if (labels.length <= names) return labels.join(', ');
  return `${labels.slice(0, names).join(', ')} +${labels.length - names}`;
}

/**
 * A multi-select for the filter popover: a field that reads "A, B +3" and opens its checklist in place (a
 * nested dropdown would close the popover it sits in). Long lists get a search box.
 */
export function CompactMultiSelect<V extends string | number>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly MultiSelectOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  testId?: string;
}) {
  const { t } = useTranslation('issues');
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const listId = useId();
  const chosen = options.filter((o) => value.includes(o.value));
  const needle = normalizeText(search.trim());
  const shown = needle ? options.filter((o) => normalizeText(o.label).includes(needle)) : options;
  const toggle = (v: V) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <Stack gap={4} data-testid={testId}>
      <UnstyledButton
        onClick={() => setOpened((o) => !o)}
        aria-expanded={opened}
        aria-controls={opened ? listId : undefined}
        data-testid="multi-select-toggle"
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          padding: '4px 8px',
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" lineClamp={1} data-testid="multi-select-summary">
              {chosen.length > 0 ? selectionSummary(chosen.map((o) => o.label)) : t('filters.any')}
            </Text>
          </Stack>
          <IconChevronDown
            size={14}
            style={{ transform: opened ? 'rotate(180deg)' : undefined, flexShrink: 0 }}
          />
        </Group>
      </UnstyledButton>
      {/* The checklist exists only while open: a closed filter field costs nothing to render. */}
      {opened && (
        <Stack gap={4} id={listId} role="group" aria-label={label} pl={4}>
          {options.length > 8 && (
            <TextInput
              size="xs"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              placeholder={t('filters.searchOptions')}
              aria-label={t('filters.searchOptions')}
              leftSection={<IconSearch size={12} />}
            />
          )}
          <ScrollArea.Autosize mah={200} type="auto">
            <Stack gap={4} py={2}>
              {shown.map((option) => (
                <Checkbox
                  key={String(option.value)}
                  size="xs"
                  label={option.label}
                  checked={value.includes(option.value)}
                  onChange={() => toggle(option.value)}
                />
              ))}
              {shown.length === 0 && (
                <Text size="xs" c="dimmed">
                  {t('filters.noOptions')}
                </Text>
              )}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Stack>
  );
}
