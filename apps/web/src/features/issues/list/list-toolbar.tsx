import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import {
  IconArrowsSort,
  IconArrowsUpDown,
  IconCheck,
  IconLayoutList,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTable,
  IconX,
} from '@tabler/icons-react';
import { ISSUE_SORT_KEYS, SEARCH_MIN_LENGTH, type IssueSortKey } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import type { IssueListFilterState } from '../shared/issue-list-context.ts';
import { defaultDirection, leadingSort, sortLedBy } from './list-url-state.ts';
import type { ListViewMode } from './list-preferences.ts';

/** Waits this long after the last keystroke before filtering 20,000 issues again. */
const SEARCH_DEBOUNCE_MS = 150;

/** The search box: at least 2 characters, accents ignored, "quoted phrases" exact; / focuses it. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('issues');
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => input.current?.focus()]]);

  // What this box last sent: a different value comes from elsewhere (a cleared filter, back/forward) and
  // replaces the text; the echo of our own change must not overwrite what is being typed meanwhile.
  const sent = useRef(value);
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === sent.current) return undefined;
    const timer = setTimeout(() => {
      sent.current = text;
      report.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const short = text.trim().length > 0 && text.trim().length < SEARCH_MIN_LENGTH;
  return (
    <TextInput
      ref={input}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          sent.current = '';
          setText('');
          onChange('');
          input.current?.blur();
        }
      }}
      placeholder={t('search.placeholder')}
      aria-label={t('search.label')}
      leftSection={<IconSearch size={16} />}
      rightSection={
        text ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('search.clear')}
            onClick={() => {
              sent.current = '';
              setText('');
              onChange('');
            }}
          >
            <IconX size={14} />
          </ActionIcon>
        ) : (
          <Text component="kbd" size="xs" c="dimmed" visibleFrom="sm" aria-hidden>
            /
          </Text>
        )
      }
      error={short ? t('search.tooShort', { count: SEARCH_MIN_LENGTH }) : undefined}
      style={{ flex: 1, minWidth: 180, maxWidth: 480 }}
      data-testid="issue-search"
    />
  );
}

/** The sort menu: the default order, or any sort key of editor §3.6 first (the default order breaks ties). */
export function SortMenu({
  filter,
  onChange,
}: {
  filter: IssueListFilterState;
  onChange: (next: IssueListFilterState) => void;
}) {
  const { t } = useTranslation(['issues', 'enums']);
  const primary = leadingSort(filter.sort);
  const pick = (key: IssueSortKey) => {
    const direction =
      primary?.key === key ? (primary.direction === 'asc' ? 'desc' : 'asc') : defaultDirection(key);
    onChange({ ...filter, sort: sortLedBy({ key, direction }) });
  };
  const label = primary ? t(`enums:sortKeys.${primary.key}`) : t('issues:sort.default');
  const DirectionIcon =
    primary?.direction === 'asc'
      ? IconSortAscending
      : primary?.direction === 'desc'
        ? IconSortDescending
        : IconArrowsSort;
  return (
    <Menu position="bottom-end" shadow="md" closeOnItemClick>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={
            <DirectionIcon size={16} data-testid={`sort-direction-${primary?.direction ?? 'default'}`} />
          }
          data-testid="sort-button"
          aria-label={t('issues:sort.label', { sort: label })}
        >
          <Text span size="sm" visibleFrom="sm">
            {label}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="sort-menu">
        <Menu.Label>{t('issues:sort.title')}</Menu.Label>
        <Menu.Item
          leftSection={primary ? <span style={{ width: 14 }} /> : <IconCheck size={14} />}
          onClick={() => onChange({ ...filter, sort: [] })}
        >
          {t('issues:sort.default')}
        </Menu.Item>
        {ISSUE_SORT_KEYS.map((key) => {
          const current = primary?.key === key ? primary.direction : null;
          return (
            <Menu.Item
              key={key}
              onClick={() => pick(key)}
              leftSection={current ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
              rightSection={
                current === 'asc' ? (
                  <IconSortAscending size={14} />
                ) : current === 'desc' ? (
                  <IconSortDescending size={14} />
                ) : null
              }
              data-testid={`sort-${key}`}
              aria-label={
                current
                  ? t('issues:sort.itemCurrent', {
                      key: t(`enums:sortKeys.${key}`),
                      direction: t(`issues:sort.${current}`),
                    })
                  : undefined
              }
            >
              {t(`enums:sortKeys.${key}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Reverses the leading sort key's direction (shown only when a key leads the order). */
export function ReverseSortButton({
  filter,
  onChange,
}: {
  filter: IssueListFilterState;
  onChange: (next: IssueListFilterState) => void;
}) {
  const { t } = useTranslation('everyday');
  const primary = leadingSort(filter.sort);
  if (!primary) return null;
  const label = t('sort.reverse', { direction: t(`sort.${primary.direction}`) });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() =>
        onChange({
          ...filter,
          sort: sortLedBy({ key: primary.key, direction: primary.direction === 'asc' ? 'desc' : 'asc' }),
        })
      }
      data-testid="sort-reverse"
    >
      <IconArrowsUpDown size={16} />
    </ActionIcon>
  );
}

/** The list / table switch. */
export function ViewModeSwitch({
  value,
  onChange,
}: {
  value: ListViewMode;
  onChange: (mode: ListViewMode) => void;
}) {
  const { t } = useTranslation('issues');
  const choices = [
    { mode: 'list' as const, label: t('view.list'), icon: <IconLayoutList size={16} /> },
    { mode: 'table' as const, label: t('view.table'), icon: <IconTable size={16} /> },
  ];
  return (
    <Group gap={2} wrap="nowrap" role="radiogroup" aria-label={t('view.label')} data-testid="view-mode">
      {choices.map((choice) => (
        <ActionIcon
          key={choice.mode}
          variant={value === choice.mode ? 'filled' : 'default'}
          size="lg"
          role="radio"
          aria-checked={value === choice.mode}
          aria-label={choice.label}
          title={choice.label}
          onClick={() => onChange(choice.mode)}
          data-testid={`view-mode-${choice.mode}`}
        >
          {choice.icon}
        </ActionIcon>
      ))}
    </Group>
  );
}
