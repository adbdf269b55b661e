import { useEffect, useState, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Group, Pagination, ScrollArea, Table, Text } from '@mantine/core';
import { IconLink, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeadlineBadge } from '../shared/deadline-badge.tsx';
import { DisciplineTags } from '../shared/discipline-tags.tsx';
import {
  IssuePriorityIndicator,
  IssueStatusIndicator,
  IssueVisibilityIndicator,
} from '../shared/issue-indicators.tsx';
import { CLIENT_PAGE_SIZE, pageCount, pageSlice, showPagination } from './client-pagination.ts';
import { RowMarkers } from './row-markers.tsx';
import type { IssueRow } from './issue-row.ts';
import { rowFlags, type ListDisplay } from './list-display.ts';
import type { IssueTableColumn } from '@obra/domain';
import { useListKeyboard } from './use-list-keyboard.ts';
import type { IssueViewProps } from './issue-list-view.tsx';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatDate(value: string | null, language: string): string {
  if (!value) return '';
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: '2-digit' });
    formats.set(language, format);
  }
  return format.format(new Date(value));
}

function Cell({
  column,
  row,
  display,
}: {
  column: IssueTableColumn;
  row: IssueRow;
  display: ListDisplay;
}): ReactNode {
  const { t, i18n } = useTranslation(['issues', 'enums']);
  switch (column) {
    case 'code':
      return (
        <Text size="sm" ff="monospace" c="dimmed" data-testid="issue-code">
          {row.code}
        </Text>
      );
    case 'title':
      return (
        <Text
          size="sm"
          fw={row.notificationsSummary.count > 0 ? 700 : 500}
          lineClamp={2}
          // A long word (a URL, a code without spaces) breaks instead of widening the column off screen.
          style={{ overflowWrap: 'anywhere' }}
          data-testid="issue-title"
        >
          {row.title}
        </Text>
      );
    case 'status':
      return <IssueStatusIndicator status={row.status} />;
    case 'priority':
      return <IssuePriorityIndicator priority={row.priority} />;
    case 'visibility':
      return <IssueVisibilityIndicator visibility={row.visibility} />;
    case 'disciplines':
      return (
        <DisciplineTags
          disciplines={row.disciplines}
          labels={display.disciplineLabels}
          statuses={display.statuses}
          today={display.today}
          max={3}
        />
      );
    case 'deadline': {
      const { deadline } = rowFlags(row, display);
      return deadline ? <DeadlineBadge deadline={deadline} today={display.today} /> : null;
    }
    case 'notifications': {
      const flags = rowFlags(row, display);
      return <RowMarkers row={row} pending={flags.pending} late={flags.late} />;
    }
    case 'createdAt':
      return <Text size="sm">{formatDate(row.createdAt, i18n.language)}</Text>;
    case 'visibilityUpdatedAt':
      return <Text size="sm">{formatDate(row.visibilityUpdatedAt, i18n.language)}</Text>;
    case 'createdBy':
      return <Text size="sm">{display.userNames.get(row.createdByUserId) ?? ''}</Text>;
    case 'category': {
      const key = row.category === null ? undefined : display.categoryKeys.get(row.category);
      return <Text size="sm">{key ? t(`enums:categories.${key}`, { defaultValue: key }) : ''}</Text>;
    }
  }
}

/**
 * The table view: the chosen columns, 20 issues a page with client-side pagination hidden on a single page
 * (editor §9). The keyboard moves within the page.
 */
export function IssueTableView({
  ids,
  rows,
  display,
  columns,
  selected,
  actions,
}: IssueViewProps & {
  columns: readonly IssueTableColumn[];
}) {
  const { t } = useTranslation('issues');
  const [page, setPage] = useState(1);
  const [activeIndex, setActiveIndex] = useState(-1);
  const { items, page: current } = pageSlice(ids, page);
  const shown = items.map((id) => rows.get(id)).filter((row): row is IssueRow => row !== undefined);

  // A new filter or order starts again from the first page.
  useEffect(() => {
    setPage(1);
    setActiveIndex(-1);
  }, [ids]);

  const onKeyDown = useListKeyboard({
    count: shown.length,
    activeIndex,
    setActiveIndex,
    open: (index) => {
      const row = shown[index];
      if (row) actions.open(row.id);
    },
    toggle: (index) => {
      const row = shown[index];
      if (row) actions.toggleSelected(row.id);
    },
    pageSize: CLIENT_PAGE_SIZE,
  });
  const activeId = shown[activeIndex]?.id;

  return (
    <>
      <ScrollArea style={{ flex: 1, minHeight: 200 }} type="auto">
        <Table
          miw={Math.max(640, columns.length * 120)}
          highlightOnHover
          stickyHeader
          verticalSpacing={6}
          tabIndex={0}
          onKeyDown={onKeyDown}
          aria-label={t('list.label')}
          aria-activedescendant={activeId !== undefined ? `issue-table-row-${activeId}` : undefined}
          data-testid="issue-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={72} aria-label={t('table.selection')} />
              {columns.map((column) => (
                <Table.Th key={column}>{t(`columns.${column}`)}</Table.Th>
              ))}
              <Table.Th w={40} aria-label={t('table.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, index) => (
              <Table.Tr
                key={row.id}
                id={`issue-table-row-${row.id}`}
                aria-selected={selected.has(row.id)}
                data-testid="issue-row"
                data-issue-id={row.id}
                data-active={index === activeIndex || undefined}
                bg={selected.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined}
                style={{
                  cursor: 'pointer',
                  boxShadow:
                    index === activeIndex ? 'inset 3px 0 0 var(--mantine-primary-color-filled)' : undefined,
                }}
                onClick={() => {
                  setActiveIndex(index);
                  actions.open(row.id);
                }}
              >
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Checkbox
                      size="xs"
                      checked={selected.has(row.id)}
                      onChange={() => actions.toggleSelected(row.id)}
                      onClick={(event) => event.stopPropagation()}
                      aria-label={t('row.select', { code: row.code })}
                      data-testid="issue-row-select"
                    />
                    <ActionIcon
                      variant="subtle"
                      color="yellow"
                      size="sm"
                      aria-label={row.userPersonalData.starred ? t('row.unstar') : t('row.star')}
                      aria-pressed={row.userPersonalData.starred}
                      onClick={(event) => {
                        event.stopPropagation();
                        actions.toggleStar(row);
                      }}
                      data-testid="issue-row-star"
                    >
                      {row.userPersonalData.starred ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                    </ActionIcon>
                  </Group>
                </Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column} style={column === 'title' ? { minWidth: 240 } : undefined}>
                    {column === 'title' ? (
                      <Cell column={column} row={row} display={display} />
                    ) : (
                      // Badges would shrink to an ellipsis; the column takes their width instead.
                      <div style={{ width: 'max-content' }}>
                        <Cell column={column} row={row} display={display} />
                      </div>
                    )}
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('row.copyLink', { code: row.code })}
                    onClick={(event) => {
                      event.stopPropagation();
                      actions.copyLink(row);
                    }}
                    data-testid="issue-row-copy-link"
                  >
                    <IconLink size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {showPagination(ids.length) && (
        <Group justify="center" py="xs">
          <Pagination
            total={pageCount(ids.length)}
            value={current}
            onChange={(next) => {
              setPage(next);
              setActiveIndex(-1);
            }}
            size="sm"
            data-testid="issue-table-pagination"
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          />
        </Group>
      )}
    </>
  );
}
