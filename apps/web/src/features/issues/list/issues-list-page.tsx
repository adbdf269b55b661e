import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { projectRoleOf } from '@obra/domain';
import {
  IssuesListMarkReadDocument,
  IssuesListMarkUnreadDocument,
  IssuesListSetStarringDocument,
} from '../../../gql/generated.ts';
import { lazyExport } from '../../../lib/lazy-import.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useProject, type ProjectDetails } from '../../projects/project-context.ts';
import { flushIssueListContext, issueViewPath } from '../shared/issue-list-context.ts';
import { CustomFilterPopover } from './custom-filter-popover.tsx';
import { OptionalPart } from '../../../components/optional-part.tsx';
import { FILTER_ROW_HEIGHT, FilterTabs } from './filter-tabs.tsx';
import type { RowActions } from './issue-list-row.tsx';
import { IssueListView, type IssueViewProps } from './issue-list-view.tsx';
import type { IssueRow } from './issue-row.ts';
import { ListBody, ListSkeleton, LoadStatus } from './list-states.tsx';
import { PendingIssues } from './pending-issues.tsx';
import { ReverseSortButton, SearchBox, SortMenu, ViewModeSwitch } from './list-toolbar.tsx';
import { SavedViewsMenu } from './saved-views/saved-views-menu.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';
import { useSession } from '../../../app/guards/session-context.ts';
import { BcfMenu } from '../../bcf/bcf-menu.tsx';
import { ExportMenu } from '../../exports/export-menu.tsx';
import { useListDisplay } from './use-list-display.ts';
import { useIssueList, type IssueList } from './use-issue-list.ts';
import { useTableColumns, useViewMode } from './list-preferences.ts';
import { readLastView, restoreTarget } from './list-last-view.ts';
import { useQueueEdit, wantsQueue } from '../../offline/use-queue-edit.ts';

// The create form brings the pin and image editors: loaded when the button is needed, not with the list.
const CreateIssueButton = lazyExport(() => import('../edit/create-issue-button.tsx'), 'CreateIssueButton');
// The table view (Mantine's table, pagination and badges) loads when it is chosen.
const IssueTableView = lazyExport(() => import('./issue-table-view.tsx'), 'IssueTableView');
// Only in the table view, and once something is selected.
const ColumnsMenu = lazyExport(() => import('./columns-menu.tsx'), 'ColumnsMenu');
const BulkBar = lazyExport(() => import('./bulk-bar.tsx'), 'BulkBar');
const BulkEditDialog = lazyExport(() => import('./bulk-edit-dialog.tsx'), 'BulkEditDialog');
const CopyIssuesDialog = lazyExport(() => import('./copy-issues-dialog.tsx'), 'CopyIssuesDialog');

/** How long after the first rows the create form's code may start loading. */
const CREATE_FORM_DELAY_MS = 1_000;

/**
 * True a moment after the first rows have shown, once the browser is idle: the create form's code (and its
 * editors) is fetched then, so it never competes with the list for the network or the main thread.
 */
function useAfterFirstResult(shown: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!shown || ready) return undefined;
    let idleHandle: number | null = null;
    const timer = window.setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 0));
      idleHandle = idle(() => setReady(true));
    }, CREATE_FORM_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (idleHandle !== null) (window.cancelIdleCallback ?? window.clearTimeout)(idleHandle);
    };
  }, [shown, ready]);
  return ready;
}

/**
 * /workspace/project/{projectId}/issues: the project's issue list (spec core §2). The issues start loading
 * here, before the screen's translations have arrived (the screen below waits for them).
 */
export function IssuesListPage() {
  const { project } = useProject();
  const { search } = useLocation();
  // The side menu links to the plain list: it opens as the user last left it in this project.
  const target = restoreTarget(search, readLastView(project.id));
  return (
    <>
      {target && <Navigate to={target} replace />}
      <IssuesListLoaded project={project} />
    </>
  );
}

function IssuesListLoaded({ project }: { project: ProjectDetails }) {
  const list = useIssueList(project);
  return (
    <Suspense fallback={<ListSkeleton />}>
      <IssuesListScreen project={project} list={list} />
    </Suspense>
  );
}

function IssuesListScreen({ project, list }: { project: ProjectDetails; list: IssueList }) {
  const { t, i18n } = useTranslation(['issues', 'enums']);
  const navigate = useNavigate();
  const { pages, filter, setFilter, updateFilter, result } = list;
  const { user } = useSession();
  const display = useListDisplay(project, list);
  const [viewMode, setViewMode] = useViewMode();
  const [columns, setColumns] = useTableColumns();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [activeId, setActiveId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'copy' | null>(null);
  const [, setStarring] = useMutation(IssuesListSetStarringDocument);
  const queueEdit = useQueueEdit();
  const [readState, markRead] = useMutation(IssuesListMarkReadDocument);
  const [unreadState, markUnread] = useMutation(IssuesListMarkUnreadDocument);

  const ids = useMemo(() => result?.ids ?? [], [result]);
  const createReady = useAfterFirstResult(result !== null);
  // Once the list is shown and the browser idle, the issue view's code and texts are fetched: opening an issue
  // then waits only for its data.
  useEffect(() => {
    if (!createReady) return;
    void import('../view/issue-view-page.tsx').catch(() => undefined);
    void i18n.loadNamespaces(['issue']);
  }, [createReady, i18n]);
  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);
  // Actions read the latest state through a ref, so rows (memoised) keep one stable actions object.
  const latest = useRef({ ids, pages });
  latest.current = { ids, pages };

  const actions = useMemo<RowActions>(
    () => ({
      open: (id) => {
        flushIssueListContext();
        void navigate(issueViewPath(project.id, id));
      },
      toggleSelected: (id) =>
        setSelected((current) => {
          const next = new Set(current);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
      toggleStar: (row: IssueRow) => {
        const starred = !row.userPersonalData.starred;
        latest.current.pages.patchStarred(row.id, starred);
        // Offline: kept starred here, in the offline copy, and queued (issue 34).
        const edit = { kind: 'star' as const, projectId: project.id, issueId: row.id, starred };
        if (wantsQueue()) return void queueEdit(edit);
        void setStarring({ projectId: project.id, issueId: row.id, starred }).then((r) => {
          if (!r.error) return;
          if (wantsQueue(r.error)) return void queueEdit(edit);
          latest.current.pages.patchStarred(row.id, !starred);
          showErrorToast(t, r.error);
        });
      },
      copyLink: (row: IssueRow) => {
        const url = `${window.location.origin}${issueViewPath(project.id, row.id)}`;
        void navigator.clipboard
          .writeText(url)
          .then(() =>
            notifications.show({ color: 'green', message: t('row.linkCopied', { code: row.code }) }),
          )
          .catch((error: unknown) => showErrorToast(t, error));
      },
      focus: (index) => setActiveId(latest.current.ids[index] ?? null),
    }),
    [navigate, project.id, setStarring, queueEdit, t],
  );

  const setActiveIndex = useCallback((index: number) => setActiveId(latest.current.ids[index] ?? null), []);
  const selectedIds = [...selected].filter((id) => pages.rows.has(id));

  const mark = async (read: boolean) => {
    const issuesId = selectedIds;
    const result = read
      ? await markRead({ issuesId })
      : await markUnread({ projectId: project.id, issuesId });
    if (result.error) {
      showErrorToast(t, result.error);
      return;
    }
    pages.patchNotifications(
      issuesId,
      read
        ? { count: 0, mentions: 0, last: null }
        : { count: 1, mentions: 0, last: new Date().toISOString() },
    );
    notifications.show({
      color: 'green',
      message: t(read ? 'bulk.markedRead' : 'bulk.markedUnread', { count: issuesId.length }),
    });
    // Done: the selection bar gives the tabs (with their new counts) their place back.
    setSelected(new Set());
  };

  // Both views show the same issues: the list, or the table with its chosen columns.
  const viewProps: IssueViewProps | null = display
    ? { ids, rows: pages.rows, display, selected, actions }
    : null;
  return (
    <Stack
      gap="xs"
      h="calc(100dvh - var(--app-shell-header-offset, 56px) - 2 * var(--mantine-spacing-md))"
      data-testid="issues-page"
    >
      {/* The header keeps the New-issue button's height before its lazy chunk arrives: nothing below moves. */}
      <Group justify="space-between" wrap="nowrap" gap="xs" mih={36}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Title order={2} size="h3">
            {t('list.title')}
          </Title>
          <LoadStatus
            progress={pages.progress}
            shown={result?.ids.length ?? null}
            total={result?.total ?? pages.rows.size}
          />
        </Group>
        {createReady && (
          <OptionalPart>
            <CreateIssueButton />
          </OptionalPart>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        <SearchBox value={filter.search} onChange={(search) => updateFilter({ search })} />
        <Group gap="xs" wrap="wrap">
          <SavedViewsMenu
            projectId={project.id}
            current={{ filter, columns, viewMode }}
            canShare={project.permissions.manageDisciplines && project.permissions.role !== null}
            readOnly={user?.isDemo ?? true}
            onApply={(view) => {
              setColumns([...view.columns]);
              setViewMode(view.viewMode);
              setFilter(view.filter);
            }}
          />
          <SortMenu filter={filter} onChange={setFilter} />
          <ReverseSortButton filter={filter} onChange={setFilter} />
          <CustomFilterPopover
            project={project}
            context={list.context}
            filter={filter}
            onChange={setFilter}
          />
          <ViewModeSwitch value={viewMode} onChange={setViewMode} />
          <BcfMenu projectId={project.id} filter={filter} selectedIds={selectedIds} />
          <ExportMenu projectId={project.id} filter={filter} selectedIds={selectedIds} />
          {viewMode === 'table' && (
            <Suspense fallback={null}>
              <ColumnsMenu value={columns} onChange={setColumns} />
            </Suspense>
          )}
        </Group>
      </Group>
      {/* The selection bar takes the tabs' place at their height, so the rows never move under the pointer. */}
      <Box h={FILTER_ROW_HEIGHT} style={{ flexShrink: 0 }} data-testid="list-filter-row">
        {selectedIds.length > 0 ? (
          <Suspense fallback={null}>
            <BulkBar
              count={selectedIds.length}
              shown={ids.length}
              onSelectShown={() => setSelected(new Set([...selected, ...ids]))}
              onClear={() => setSelected(new Set())}
              onEdit={() => setDialog('edit')}
              onCopy={() => setDialog('copy')}
              role={projectRoleOf(project.permissions.role)}
              onMarkRead={() => void mark(true)}
              onMarkUnread={() => void mark(false)}
              busy={readState.fetching || unreadState.fetching}
              exportMenu={
                <ExportMenu projectId={project.id} filter={filter} selectedIds={selectedIds} inBulkBar />
              }
            />
          </Suspense>
        ) : (
          <FilterTabs
            value={filter.standard}
            counts={result?.counts ?? null}
            onChange={(standard) => updateFilter({ standard })}
          />
        )}
      </Box>
      <PendingIssues projectId={project.id} onCreated={pages.reload} />
      <ListBody
        progress={pages.progress}
        result={result}
        contextError={list.contextError}
        onRetry={pages.reload}
        onClearFilter={() => updateFilter({ standard: 'all', search: '', conditions: [] })}
        filtered={
          filter.standard !== 'all' || filter.search.trim().length > 0 || filter.conditions.length > 0
        }
      >
        {viewProps &&
          (viewMode === 'table' ? (
            <Suspense fallback={<ListSkeleton />}>
              <IssueTableView {...viewProps} columns={columns} />
            </Suspense>
          ) : (
            <IssueListView {...viewProps} activeIndex={activeIndex} setActiveIndex={setActiveIndex} />
          ))}
      </ListBody>
      <Text size="xs" c="dimmed" visibleFrom="sm" data-testid="keyboard-hint">
        {t('list.keyboardHint')}
      </Text>
      <ShortcutsHelp />
      <Suspense fallback={null}>
        {dialog === 'edit' && (
          <BulkEditDialog
            opened
            onClose={() => setDialog(null)}
            project={project}
            context={list.context}
            issueIds={selectedIds}
            rows={pages.rows}
            onUpdated={pages.applyRows}
          />
        )}
        {dialog === 'copy' && (
          <CopyIssuesDialog
            opened
            onClose={() => setDialog(null)}
            projectId={project.id}
            issueIds={selectedIds}
            rows={pages.rows}
          />
        )}
      </Suspense>
    </Stack>
  );
}
