import { useCallback, useMemo, type ReactNode } from 'react';
import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { addDays, nextPeriod, type IssueFilterCondition } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery, type AnyVariables, type TypedDocumentNode, type UseQueryResponse } from 'urql';
import {
  DashboardDisciplinesPrioritiesDocument,
  DashboardEarnedValueDocument,
  DashboardLocalsDisciplinesDocument,
  DashboardLocalsPrioritiesDocument,
  DashboardStatusDocument,
  type DashboardMatrixFieldsFragment,
} from '../../gql/generated.ts';
import { errorText } from '../../lib/error-toast.ts';
import type { IssueListFilterState } from '../issues/shared/issue-list-context.ts';
import { drillDownPath, PENDING, serverFilterOf, type DashboardName } from './dashboard-filter.ts';
import { MatrixChart } from './matrix-chart.tsx';
import { MatrixTable } from './matrix-table.tsx';
import { EarnedValueChart, StatusNowChart, StatusTimeChart } from './time-charts.tsx';

/** What every dashboard body is given by the page. */
export interface DashboardBodyProps {
  readonly projectId: number;
  readonly name: DashboardName;
  readonly filter: IssueListFilterState;
  /** day, week or month; null lets the server choose from the span. */
  readonly period: string | null;
  /** Clears the filter (the empty state offers it when a filter is set). */
  readonly onClearFilter: (() => void) | null;
}

function useDrill(projectId: number, filter: IssueListFilterState) {
  const navigate = useNavigate();
  const pathOf = useCallback(
    (cell: readonly IssueFilterCondition[] | null) => (cell ? drillDownPath(projectId, filter, cell) : null),
    [projectId, filter],
  );
  const open = useCallback(
    (cell: readonly IssueFilterCondition[] | null) => {
      const path = pathOf(cell);
      if (path) void navigate(path);
    },
    [navigate, pathOf],
  );
  return { pathOf, open };
}

/** Loading, error and empty states around a dashboard's answer. */
function Answer<Data>({
  response,
  empty,
  onClearFilter,
  children,
}: {
  response: UseQueryResponse<Data, AnyVariables>;
  empty: (data: Data) => boolean;
  onClearFilter: (() => void) | null;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation(['dashboards', 'errors']);
  const [result, reexecute] = response;
  if (result.error && !result.data)
    return (
      <Alert color="red" title={t('dashboards:error')} data-testid="dashboard-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(t, result.error)}</Text>
          <Button size="xs" variant="light" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
            {t('dashboards:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (!result.data)
    return (
      <Stack gap="sm" data-testid="dashboard-loading" aria-busy="true" aria-label={t('dashboards:loading')}>
        <Skeleton h={28} w="40%" />
        <Skeleton h={280} />
      </Stack>
    );
  if (empty(result.data))
    return (
      <Card withBorder p="xl" data-testid="dashboard-empty">
        <Stack align="center" gap="sm">
          <Text c="dimmed">{onClearFilter ? t('dashboards:emptyFiltered') : t('dashboards:empty')}</Text>
          {onClearFilter && (
            <Button variant="light" onClick={onClearFilter}>
              {t('dashboards:clearFilter')}
            </Button>
          )}
        </Stack>
      </Card>
    );
  return <>{children(result.data)}</>;
}

function useVariables(props: DashboardBodyProps, withPeriod: boolean) {
  const { projectId, filter, period } = props;
  return useMemo(
    () => ({
      projectId,
      filter: serverFilterOf(filter, new Date().getTimezoneOffset()),
      ...(withPeriod ? { period } : {}),
    }),
    [projectId, filter, period, withPeriod],
  );
}

function StatusBody(props: DashboardBodyProps) {
  const { t } = useTranslation('dashboards');
  const response = useQuery({ query: DashboardStatusDocument, variables: useVariables(props, true) });
  const drill = useDrill(props.projectId, props.filter);
  return (
    <Answer
      response={response}
      empty={(d) => d.dashboardStatus.total === 0}
      onClearFilter={props.onClearFilter}
    >
      {({ dashboardStatus: data }) => (
        <Stack gap="lg">
          <Card withBorder>
            <Title order={3} size="h5" mb="xs">
              {t('status.now', { count: data.total })}
            </Title>
            <StatusNowChart
              data={data}
              onStatus={(status) => drill.open([{ field: 'status', values: [status] }])}
            />
          </Card>
          <Card withBorder>
            <Title order={3} size="h5" mb="xs">
              {t('status.overTime', { period: t(`periods.${data.period}`) })}
            </Title>
            <StatusTimeChart data={data} />
          </Card>
        </Stack>
      )}
    </Answer>
  );
}

function EarnedValueBody(props: DashboardBodyProps) {
  const { t, i18n } = useTranslation('dashboards');
  const response = useQuery({ query: DashboardEarnedValueDocument, variables: useVariables(props, true) });
  const drill = useDrill(props.projectId, props.filter);
  const date = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  const pace = (value: number | null | undefined) =>
    value == null ? '—' : (Math.round(value * 10) / 10).toString();
  return (
    <Answer
      response={response}
      empty={(d) => d.dashboardEarnedValue.points.length === 0}
      onClearFilter={props.onClearFilter}
    >
      {({ dashboardEarnedValue: data }) => (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Card withBorder data-testid="earned-backlog">
              <Text size="xs" c="dimmed">
                {t('earned.backlogNow')}
              </Text>
              <Text fw={700} size="xl">
                {data.backlog}
              </Text>
            </Card>
            <Card withBorder data-testid="earned-pace">
              <Text size="xs" c="dimmed">
                {t('earned.pace', { period: t(`periodNames.${data.period}`) })}
              </Text>
              <Text fw={700} size="lg">
                {data.trendPeriods > 0
                  ? t('earned.paceValue', {
                      raised: pace(data.raisedPerPeriod),
                      closed: pace(data.closedPerPeriod),
                    })
                  : t('earned.noTrend')}
              </Text>
            </Card>
            <Card withBorder data-testid="earned-projection">
              <Text size="xs" c="dimmed">
                {t('earned.projected')}
              </Text>
              <Text fw={700} size="lg">
                {data.backlog === 0
                  ? t('earned.projectedDone')
                  : data.projectedZeroDate
                    ? date(data.projectedZeroDate)
                    : t('earned.projectedNever')}
              </Text>
            </Card>
          </SimpleGrid>
          <Card withBorder>
            <EarnedValueChart
              data={data}
              onRaised={(index) => {
                const point = data.points[index];
                if (!point) return;
                const to = addDays(nextPeriod(point.start, data.period as 'day' | 'week' | 'month'), -1);
                drill.open([{ field: 'createdAt', from: point.start, to }]);
              }}
            />
            <Text size="xs" c="dimmed" mt="xs">
              {t('earned.note', { count: data.trendPeriods })}
            </Text>
          </Card>
        </Stack>
      )}
    </Answer>
  );
}

type MatrixName = Exclude<DashboardName, 'status' | 'earned-value'>;
type MatrixDocument = TypedDocumentNode<Record<string, DashboardMatrixFieldsFragment>, AnyVariables>;

const MATRICES: Record<
  MatrixName,
  {
    document: MatrixDocument;
    field: string;
    rows: 'disciplines' | 'locals';
    columns: 'priorities' | 'disciplines';
  }
> = {
  'disciplines-priorities': {
    document: DashboardDisciplinesPrioritiesDocument as unknown as MatrixDocument,
    field: 'dashboardDisciplinesPriorities',
    rows: 'disciplines',
    columns: 'priorities',
  },
  'locals-priorities': {
    document: DashboardLocalsPrioritiesDocument as unknown as MatrixDocument,
    field: 'dashboardLocalsPriorities',
    rows: 'locals',
    columns: 'priorities',
  },
  'locals-disciplines': {
    document: DashboardLocalsDisciplinesDocument as unknown as MatrixDocument,
    field: 'dashboardLocalsDisciplines',
    rows: 'locals',
    columns: 'disciplines',
  },
};

function MatrixBody(props: DashboardBodyProps & { name: MatrixName }) {
  const { t } = useTranslation(['dashboards', 'enums']);
  const spec = MATRICES[props.name];
  const response = useQuery({ query: spec.document, variables: useVariables(props, false) });
  const drill = useDrill(props.projectId, props.filter);
  const columnLabel = useCallback(
    (c: DashboardMatrixFieldsFragment['columns'][number]) =>
      spec.columns === 'priorities' ? t(`enums:priorities.${c.key}`) : (c.abbreviation ?? c.name ?? c.key),
    [spec.columns, t],
  );
  const noLocation = t('dashboards:noLocation');
  return (
    <Answer
      response={response}
      empty={(d) => (d[spec.field]?.total ?? 0) === 0}
      onClearFilter={props.onClearFilter}
    >
      {(data) => {
        const matrix = data[spec.field];
        if (!matrix) return null;
        const conditionsOf = (
          rowIndex: number,
          columnIndex: number | null,
        ): IssueFilterCondition[] | null => {
          const row = matrix.rows[rowIndex];
          if (!row || row.id === null) return null;
          const rowCondition: IssueFilterCondition =
            spec.rows === 'disciplines'
              ? { field: 'discipline', values: [row.id] }
              : { field: 'local', values: row.filterIds };
          if (columnIndex === null) return [PENDING, rowCondition];
          const column = matrix.columns[columnIndex];
          if (!column) return null;
          const columnCondition: IssueFilterCondition =
            spec.columns === 'priorities'
              ? { field: 'priority', values: [column.key] }
              : { field: 'discipline', values: [Number(column.key)] };
          return [PENDING, rowCondition, columnCondition];
        };
        const rowHeader = t(`dashboards:matrix.rows.${spec.rows}`);
        const label = t('dashboards:matrix.chartLabel', {
          rows: rowHeader,
          columns: t(`dashboards:matrix.columns.${spec.columns}`),
          count: matrix.total,
        });
        return (
          <Stack gap="lg">
            <Card withBorder>
              <Text size="sm" c="dimmed" mb="xs">
                {t('dashboards:matrix.pending', { count: matrix.total })}
              </Text>
              <MatrixChart
                matrix={matrix}
                columnLabel={columnLabel}
                noLocation={noLocation}
                label={label}
                onCell={(r, c) => drill.open(conditionsOf(r, c))}
              />
            </Card>
            <MatrixTable
              matrix={matrix}
              columnLabel={columnLabel}
              rowHeader={rowHeader}
              totalLabel={t('dashboards:total')}
              noLocation={noLocation}
              cellPath={(r, c) => drill.pathOf(conditionsOf(r, c))}
            />
          </Stack>
        );
      }}
    </Answer>
  );
}

/** The chart of one dashboard with its data, states and drill-downs (lazy: brings ECharts). */
export function DashboardBody(props: DashboardBodyProps) {
  if (props.name === 'status') return <StatusBody {...props} />;
  if (props.name === 'earned-value') return <EarnedValueBody {...props} />;
  return <MatrixBody {...props} name={props.name} />;
}
