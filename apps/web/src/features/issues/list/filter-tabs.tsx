import { Badge, Group, ScrollArea, Tabs } from '@mantine/core';
import { STANDARD_ISSUE_FILTERS, type StandardIssueFilter } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../projects/project-sections.ts';
import type { FilterCounts } from './issue-list-engine.ts';

/**
 * The standard filters as tabs (spec core §4), each with its count (99+ above 99) computed on the client
 * from the loaded issues by the same rules the server applies.
 */
export function FilterTabs({
  value,
  counts,
  onChange,
}: {
  value: StandardIssueFilter;
  counts: FilterCounts | null;
  onChange: (filter: StandardIssueFilter) => void;
}) {
  const { t } = useTranslation(['issues', 'enums']);
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <Tabs
        value={value}
        onChange={(next) => {
          if (next) onChange(next as StandardIssueFilter);
        }}
        variant="pills"
        radius="xl"
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap' }} aria-label={t('issues:tabs.label')}>
          {STANDARD_ISSUE_FILTERS.map((filter) => {
            const count = counts?.[filter];
            return (
              <Tabs.Tab key={filter} value={filter} data-testid={`filter-tab-${filter}`}>
                <Group gap={6} wrap="nowrap">
                  {t(`enums:standardFilters.${filter}`)}
                  {count !== undefined && (
                    <Badge
                      size="sm"
                      variant={value === filter ? 'white' : count > 0 ? 'light' : 'default'}
                      color={filter === 'latePendencies' && count > 0 ? 'red' : 'blue'}
                      data-testid={`filter-count-${filter}`}
                      data-count={count}
                      aria-label={t('issues:tabs.count', { count })}
                      styles={{ root: { overflow: 'visible', flexShrink: 0 } }}
                    >
                      {badgeText(count)}
                    </Badge>
                  )}
                </Group>
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}
