import { Suspense, useCallback, useMemo } from 'react';
import {
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DASHBOARDS, STANDARD_ISSUE_FILTERS, type StandardIssueFilter } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { IssuesListContextDocument } from '../../gql/generated.ts';
import { lazyExport } from '../../lib/lazy-import.ts';
import { NotFoundPage } from '../errors/network-error-screen.tsx';
import { CustomFilterPopover } from '../issues/list/custom-filter-popover.tsx';
import { SearchBox } from '../issues/list/list-toolbar.tsx';
import { DEFAULT_LIST_FILTER, filterFromParams, filterToParams } from '../issues/list/list-url-state.ts';
import type { IssueListFilterState } from '../issues/shared/issue-list-context.ts';
import { useProject } from '../projects/project-context.ts';
import { conditionsOf, dashboardPath, isDashboardName, type DashboardName } from './dashboard-filter.ts';

// The charts (ECharts) load with the first dashboard, in their own chunk.
const DashboardBody = lazyExport(() => import('./dashboard-body.tsx'), 'DashboardBody');

const PERIODS = ['auto', 'day', 'week', 'month'] as const;

/** The address of a filter and a period (the list's parameters, plus `period` for the time charts). */
function paramsOf(filter: IssueListFilterState, period: string | null): URLSearchParams {
  const params = filterToParams(filter);
  if (period) params.set('period', period);
  return params;
}

/**
 * /workspace/project/{projectId}/dashboards/{chartName} (spec core §2, editor §3.6): the five dashboards as tabs,
 * over the issue list's filter kept in the address with the list's own parameters, so a dashboard and the list
 * share links both ways.
 */
export function DashboardsPage() {
  const { chartName } = useParams();
  if (!isDashboardName(chartName)) return <NotFoundPage />;
  return <Dashboards name={chartName} />;
}

function Dashboards({ name }: { name: DashboardName }) {
  const { t } = useTranslation(['dashboards', 'enums']);
  const { project } = useProject();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const rawPeriod = params.get('period');
  const period =
    rawPeriod && (PERIODS as readonly string[]).includes(rawPeriod) && rawPeriod !== 'auto'
      ? rawPeriod
      : null;
  const [context] = useQuery({ query: IssuesListContextDocument, variables: { projectId: project.id } });
  const setFilter = useCallback(
    (next: IssueListFilterState) => setParams(paramsOf(next, period), { replace: true }),
    [setParams, period],
  );
  const filtered =
    filter.standard !== DEFAULT_LIST_FILTER.standard || filter.search !== '' || filter.conditions.length > 0;
  const search = params.toString() ? `?${params.toString()}` : '';
  const timeChart = name === 'status' || name === 'earned-value';
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} data-testid="dashboards-page">
      <Title order={2} size="h3">
        {t('dashboards:title')}
      </Title>
      <ScrollArea type="never">
        <Tabs
          value={name}
          onChange={(value) =>
            value && void navigate(dashboardPath(project.id, value as DashboardName, search))
          }
          aria-label={t('dashboards:tabsLabel')}
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {DASHBOARDS.map((d) => (
              <Tabs.Tab key={d} value={d} data-testid={`dashboard-tab-${d}`}>
                {t(`enums:dashboards.${d}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      <Group gap="xs" wrap="wrap" data-testid="dashboard-filters">
        <Select
          aria-label={t('dashboards:filterLabel')}
          value={filter.standard}
          allowDeselect={false}
          data={STANDARD_ISSUE_FILTERS.map((f) => ({ value: f, label: t(`enums:standardFilters.${f}`) }))}
          onChange={(value) => value && setFilter({ ...filter, standard: value as StandardIssueFilter })}
          w={190}
          data-testid="dashboard-standard-filter"
        />
        <SearchBox value={filter.search} onChange={(q) => setFilter({ ...filter, search: q })} />
        <CustomFilterPopover
          project={project}
          context={context.data ?? null}
          filter={filter}
          onChange={setFilter}
        />
        {timeChart && (
          <SegmentedControl
            size="xs"
            value={period ?? 'auto'}
            onChange={(value) =>
              setParams(paramsOf(filter, value === 'auto' ? null : value), { replace: true })
            }
            data={PERIODS.map((p) => ({ value: p, label: t(`dashboards:periodChoice.${p}`) }))}
            aria-label={t('dashboards:periodLabel')}
            data-testid="dashboard-period"
          />
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="dashboard-drill-hint">
        {conditionsOf(filter) ? t('dashboards:drillHint') : t('dashboards:noDrill')}
      </Text>
      <Suspense fallback={<Skeleton h={320} />}>
        <DashboardBody
          projectId={project.id}
          name={name}
          filter={filter}
          period={period}
          onClearFilter={
            filtered ? () => setParams(paramsOf(DEFAULT_LIST_FILTER, period), { replace: true }) : null
          }
        />
      </Suspense>
    </Stack>
  );
}
