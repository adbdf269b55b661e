import { ActionIcon, Badge, Group, ScrollArea, Tabs } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { STANDARD_ISSUE_FILTERS, type StandardIssueFilter } from '@obra/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../projects/project-sections.ts';
import type { FilterCounts } from './issue-list-engine.ts';

/** The height of the tabs' row; the selection bar takes the same place at the same height. */
export const FILTER_ROW_HEIGHT = 40;

// The faded width at a hidden end of the tabs.
const EDGE = 24;

/**
 * The standard filters as tabs (spec core §4), each with its count (99+ above 99) computed on the client
 * from the loaded issues by the same rules the server applies. When they do not fit, they scroll sideways
 * with an arrow at each hidden end, and the chosen tab is always brought into view.
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
  const viewport = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const v = viewport.current;
    if (!v) return;
    const start = v.scrollLeft > 1;
    const end = v.scrollLeft + v.clientWidth < v.scrollWidth - 1;
    setHidden((h) => (h.start === start && h.end === end ? h : { start, end }));
  }, []);
  useEffect(() => {
    const v = viewport.current;
    if (!v) return undefined;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(v);
    if (v.firstElementChild) observer?.observe(v.firstElementChild);
    measure();
    return () => observer?.disconnect();
  }, [measure]);
  // Keeps the chosen tab whole in view, clear of the faded edges, also after counts or arrows change the widths;
  // once the user scrolls the tabs themselves, they stay where the user put them until another tab is chosen.
  const userScrolled = useRef(false);
  const shownValue = useRef<StandardIssueFilter | null>(null);
  useEffect(() => {
    const v = viewport.current;
    if (!v) return undefined;
    const mark = () => {
      userScrolled.current = true;
    };
    v.addEventListener('wheel', mark, { passive: true });
    v.addEventListener('touchstart', mark, { passive: true });
    return () => {
      v.removeEventListener('wheel', mark);
      v.removeEventListener('touchstart', mark);
    };
  }, []);
  useEffect(() => {
    if (shownValue.current !== value) {
      shownValue.current = value;
      userScrolled.current = false;
    }
    const v = viewport.current;
    const tab = v?.querySelector<HTMLElement>(`[data-testid="filter-tab-${value}"]`);
    if (!v || !tab || userScrolled.current) return;
    const box = v.getBoundingClientRect();
    const own = tab.getBoundingClientRect();
    if (own.left < box.left + EDGE) v.scrollLeft -= box.left + EDGE - own.left;
    else if (own.right > box.right - EDGE) v.scrollLeft += own.right - (box.right - EDGE);
    measure();
  }, [value, counts, hidden.start, hidden.end, measure]);
  const scrollBy = (direction: 1 | -1) => {
    const v = viewport.current;
    userScrolled.current = true;
    if (v) v.scrollBy({ left: direction * Math.max(120, v.clientWidth * 0.6), behavior: 'smooth' });
  };
  return (
    <Group gap={2} wrap="nowrap" h={FILTER_ROW_HEIGHT} data-testid="filter-tabs">
      {hidden.start && (
        <ActionIcon
          variant="subtle"
          size="md"
          aria-label={t('issues:tabs.scrollStart')}
          onClick={() => scrollBy(-1)}
          data-testid="filter-tabs-start"
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
      )}
      <ScrollArea
        type="never"
        offsetScrollbars={false}
        viewportRef={viewport}
        onScrollPositionChange={measure}
        style={{
          flex: 1,
          minWidth: 0,
          maskImage: `linear-gradient(to right, ${hidden.start ? `transparent, #000 ${EDGE}px` : '#000'}, ${
            hidden.end ? `#000 calc(100% - ${EDGE}px), transparent` : '#000'
          })`,
        }}
      >
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
      {hidden.end && (
        <ActionIcon
          variant="subtle"
          size="md"
          aria-label={t('issues:tabs.scrollEnd')}
          onClick={() => scrollBy(1)}
          data-testid="filter-tabs-end"
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      )}
    </Group>
  );
}
