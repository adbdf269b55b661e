import { useMemo } from 'react';
import { ISSUE_STATUSES } from '@obra/domain';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { DashboardEarnedValueQuery, DashboardStatusQuery } from '../../gql/generated.ts';
import { useChartColors } from './chart-colors.ts';
import { EChart } from './echart.tsx';

type StatusData = DashboardStatusQuery['dashboardStatus'];
type EarnedData = DashboardEarnedValueQuery['dashboardEarnedValue'];

/** Dates on the time axis, in the interface's language. */
function useDateLabel(period: string): (day: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(
      i18n.language,
      period === 'month'
        ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
        : { day: 'numeric', month: 'short', timeZone: 'UTC' },
    );
    return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
  }, [i18n.language, period]);
}

/** Issues by status now: one bar per status; a click opens the list of that status. */
export function StatusNowChart({ data, onStatus }: { data: StatusData; onStatus: (status: string) => void }) {
  const { t } = useTranslation(['dashboards', 'enums']);
  const colors = useChartColors();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'item' },
      grid: { left: 90, right: 40, top: 8, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        inverse: true,
        data: data.now.map((n) => t(`enums:issueStatuses.${n.status}`)),
      },
      series: [
        {
          id: 'now',
          type: 'bar',
          data: data.now.map((n) => ({ value: n.count, itemStyle: { color: colors.status[n.status] } })),
          label: { show: true, position: 'right' },
          barMaxWidth: 32,
        },
      ],
    }),
    [data, t, colors],
  );
  return (
    <EChart
      option={option}
      height={150}
      label={t('dashboards:status.nowLabel')}
      testId="dashboard-chart-now"
      onClick={(click) => {
        const status = data.now[click.dataIndex]?.status;
        if (status) onStatus(status);
      }}
    />
  );
}

/** Issues in each status at the end of each period, stacked. */
export function StatusTimeChart({ data }: { data: StatusData }) {
  const { t } = useTranslation(['dashboards', 'enums']);
  const colors = useChartColors();
  const dateLabel = useDateLabel(data.period);
  const option = useMemo<EChartsCoreOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', boundaryGap: false, data: data.points.map((p) => dateLabel(p.start)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: ISSUE_STATUSES.map((s) => ({
        id: s.key,
        name: t(`enums:issueStatuses.${s.key}`),
        type: 'line',
        stack: 'status',
        areaStyle: { opacity: 0.35 },
        showSymbol: data.points.length < 40,
        color: colors.status[s.key],
        data: data.points.map((p) => p[s.key]),
      })),
    }),
    [data, t, colors, dateLabel],
  );
  return (
    <EChart
      option={option}
      height={300}
      label={t('dashboards:status.overTimeLabel')}
      testId="dashboard-chart"
    />
  );
}

/**
 * Earned value: issues raised and resolved per period (bars; a click on a raised bar opens the issues raised in
 * it), both cumulated (lines), the open backlog and its trend over the last periods (dashed).
 */
export function EarnedValueChart({
  data,
  onRaised,
}: {
  data: EarnedData;
  onRaised: (index: number) => void;
}) {
  const { t } = useTranslation('dashboards');
  const colors = useChartColors();
  const dateLabel = useDateLabel(data.period);
  const option = useMemo<EChartsCoreOption>(() => {
    /** Issues raised or resolved in each period (bars), and cumulated (lines), in the same colour. */
    const bar = (key: 'raised' | 'closed') => ({
      id: key,
      name: t(`earned.${key}`),
      type: 'bar',
      color: colors[key],
      data: data.points.map((p) => p[key]),
    });
    const total = (key: 'raised' | 'closed') => ({
      id: `${key}Total`,
      name: t(`earned.${key}Total`),
      type: 'line',
      color: colors[key],
      showSymbol: false,
      data: data.points.map((p) => p[`${key}Total`]),
    });
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 44, right: 16, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: data.points.map((p) => dateLabel(p.start)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        bar('raised'),
        bar('closed'),
        total('raised'),
        total('closed'),
        {
          id: 'backlog',
          name: t('earned.backlog'),
          type: 'line',
          color: colors.backlog,
          showSymbol: false,
          areaStyle: { opacity: 0.15 },
          data: data.points.map((p) => p.backlog),
        },
        {
          id: 'trend',
          name: t('earned.trend'),
          type: 'line',
          color: colors.trend,
          showSymbol: false,
          lineStyle: { type: 'dashed' },
          data: data.points.map((p) =>
            p.backlogTrend === null || p.backlogTrend === undefined
              ? null
              : Math.round(p.backlogTrend * 10) / 10,
          ),
        },
      ],
    };
  }, [data, t, colors, dateLabel]);
  return (
    <EChart
      option={option}
      height={340}
      label={t('earned.chartLabel')}
      testId="dashboard-chart"
      onClick={(click) => {
        if (click.seriesId === 'raised') onRaised(click.dataIndex);
      }}
    />
  );
}
