import { useCallback, useEffect, useRef } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { MEDIA } from '../../../app/theme.ts';
import { IssueListRow, type RowActions } from './issue-list-row.tsx';
import classes from './issue-list.module.css';
import type { IssueRow } from './issue-row.ts';
import type { ListDisplay } from './list-display.ts';
import { useDocumentListKeys, useListKeyboard } from './use-list-keyboard.ts';

/** Row heights: two lines on desktop; room for wrapped tags on phones. */
export const ROW_HEIGHT = { desktop: 60, mobile: 84 } as const;

/** What both views of the issue list (the list and the table) show: the issues in order, which are selected. */
export interface IssueViewProps {
  ids: readonly number[];
  rows: ReadonlyMap<number, IssueRow>;
  display: ListDisplay;
  selected: ReadonlySet<number>;
  actions: RowActions;
}

/**
 * The list view: every shown issue in one virtualized scroller (only the rows in sight are in the page, so
 * 20,000 issues scroll like 20). A listbox for assistive technology, with the keyboard's current row as its
 * active descendant.
 */
export function IssueListView({
  ids,
  rows,
  display,
  selected,
  activeIndex,
  setActiveIndex,
  actions,
}: IssueViewProps & {
  activeIndex: number;
  setActiveIndex(index: number): void;
}) {
  const { t } = useTranslation('issues');
  const mobile = useMediaQuery(MEDIA.mobile) ?? false;
  const rowHeight = mobile ? ROW_HEIGHT.mobile : ROW_HEIGHT.desktop;
  const scroller = useRef<HTMLDivElement>(null);
  // Stable option functions: a new one on every render makes the virtualizer measure all 20,000 rows again.
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  const getScrollElement = useCallback(() => scroller.current, []);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement,
    estimateSize,
    overscan: 5,
    getItemKey,
  });

  useEffect(() => {
    virtualizer.measure();
  }, [rowHeight, virtualizer]);

  useEffect(() => {
    if (activeIndex >= 0 && activeIndex < ids.length)
      virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, ids.length, virtualizer]);

  const onKeyDown = useListKeyboard({
    count: ids.length,
    activeIndex,
    setActiveIndex,
    open: (index) => {
      const id = ids[index];
      if (id !== undefined) actions.open(id);
    },
    toggle: (index) => {
      const id = ids[index];
      if (id !== undefined) actions.toggleSelected(id);
    },
    pageSize: Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight * 10) / rowHeight)),
  });

  useDocumentListKeys(scroller, onKeyDown);

  const activeId = ids[activeIndex];
  const touchSelecting = selected.size > 0;
  return (
    <div
      ref={scroller}
      className={classes.scroller}
      style={{ flex: 1, minHeight: 200 }}
      role="listbox"
      aria-label={t('list.label')}
      aria-multiselectable
      aria-activedescendant={activeId !== undefined ? `issue-row-${activeId}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={() => {
        if (scroller.current) delete scroller.current.dataset.keyboard;
      }}
      data-testid="issue-list"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = ids[item.index];
          const row = id === undefined ? undefined : rows.get(id);
          if (!row) return null;
          return (
            <IssueListRow
              key={item.key}
              row={row}
              index={item.index}
              display={display}
              selected={selected.has(row.id)}
              active={item.index === activeIndex}
              touchSelecting={touchSelecting}
              actions={actions}
              top={item.start}
              height={item.size}
            />
          );
        })}
      </div>
    </div>
  );
}
