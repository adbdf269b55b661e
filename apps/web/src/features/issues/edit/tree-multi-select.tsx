import { Group, MultiSelect, Text } from '@mantine/core';
import { useMemo } from 'react';

/** A locals or labels item as projectData serves it (a flat tree). */
export interface TreeItem {
  readonly id: number;
  readonly parentId: number | null;
  readonly name: string;
  readonly abbreviationTree: string;
  readonly position: number;
}

/** The items in tree order (parents before children, siblings by position) with their depth. */
export function treeOrder(items: readonly TreeItem[]): { item: TreeItem; depth: number }[] {
  const children = new Map<number | null, TreeItem[]>();
  for (const item of items) {
    const list = children.get(item.parentId) ?? [];
    list.push(item);
    children.set(item.parentId, list);
  }
  const out: { item: TreeItem; depth: number }[] = [];
  const visit = (parentId: number | null, depth: number) => {
    const list = [...(children.get(parentId) ?? [])].sort((a, b) => a.position - b.position);
    for (const item of list) {
      out.push({ item, depth });
      visit(item.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** Chooses items of a project tree (locals, labels): options indented by depth with their abbreviation path. */
export function TreeMultiSelect({
  label,
  items,
  value,
  onChange,
  error,
  nothingFound,
}: {
  label: string;
  items: readonly TreeItem[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
  nothingFound: string;
}) {
  const ordered = useMemo(() => treeOrder(items), [items]);
  const depth = useMemo(() => new Map(ordered.map((o) => [String(o.item.id), o])), [ordered]);
  return (
    <MultiSelect
      label={label}
      data={ordered.map(({ item }) => ({ value: String(item.id), label: item.name }))}
      value={value.map(String)}
      onChange={(values) => onChange(values.map(Number))}
      searchable
      clearable
      error={error}
      nothingFoundMessage={nothingFound}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const entry = depth.get(option.value);
        return (
          <Group gap={6} wrap="nowrap" pl={(entry?.depth ?? 0) * 14}>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {entry?.item.abbreviationTree}
            </Text>
          </Group>
        );
      }}
    />
  );
}
