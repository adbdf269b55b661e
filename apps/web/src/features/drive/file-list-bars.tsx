import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const FIELD_WIDTH = { base: '100%', xs: 'auto' } as const;

/**
 * The bar above a file list (drive and project files): the search, applied on Enter or when the field is left,
 * the screen's own filters (`children`), the sort, and what follows it (`trailing`). Texts come from the screen.
 */
export function FileListToolbar(props: {
  searchLabel: string;
  search: string;
  onSearch: (search: string) => void;
  /** Trims what is typed before it is applied. */
  trim?: boolean;
  /** Starts the field again from `search` when it changes (a "clear search" elsewhere empties it). */
  resetWithSearch?: boolean;
  searchTestId?: string;
  sortLabel: string;
  sortOptions: { value: string; label: string }[];
  sort: string;
  onSort: (sort: string | null) => void;
  children?: ReactNode;
  trailing?: ReactNode;
}) {
  const typed = (value: string) => (props.trim ? value.trim() : value);
  return (
    <Group gap="xs" wrap="wrap" align="end">
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={props.searchLabel}
        aria-label={props.searchLabel}
        key={props.resetWithSearch ? props.search : undefined}
        defaultValue={props.search}
        onKeyDown={(e) => e.key === 'Enter' && props.onSearch(typed(e.currentTarget.value))}
        onBlur={(e) =>
          typed(e.currentTarget.value) !== props.search && props.onSearch(typed(e.currentTarget.value))
        }
        w={FIELD_WIDTH}
        data-testid={props.searchTestId}
      />
      {props.children}
      <Select
        aria-label={props.sortLabel}
        data={props.sortOptions}
        value={props.sort}
        onChange={props.onSort}
        allowDeselect={false}
        w={FIELD_WIDTH}
      />
      {props.trailing}
    </Group>
  );
}

/**
 * The bar of a list's chosen rows: what leads it (`leading`, a "select all"), then, once rows are chosen, how many,
 * the screen's actions on them (`children`) and a way to clear the choice.
 */
export function FileBulkBar(props: {
  testId: string;
  count: number;
  selectedLabel: string;
  countTestId?: string;
  clearLabel: string;
  onClear: () => void;
  leading?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="wrap" data-testid={props.testId}>
      {props.leading}
      {props.count > 0 && (
        <>
          <Text size="sm" data-testid={props.countTestId}>
            {props.selectedLabel}
          </Text>
          {props.children}
          <Button size="xs" variant="subtle" onClick={props.onClear}>
            {props.clearLabel}
          </Button>
        </>
      )}
    </Group>
  );
}
