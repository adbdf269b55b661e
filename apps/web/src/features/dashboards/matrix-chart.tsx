import { useMemo } from 'react';
import { ScrollArea } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import type { DashboardMatrixFieldsFragment } from '../../gql/generated.ts';
import { useChartColors } from './chart-colors.ts';
import { EChart } from './echart.tsx';

const ROW_HEIGHT = 30;
const COLUMN_WIDTH = 64;
const LABEL_WIDTH = 150;

/** A row's label: indented by its depth in the locations tree. */
export function rowLabel(row: DashboardMatrixFieldsFragment['rows'][number], noLocation: string): string {
  return row.id === null ? noLocation : `${'\u2003'.repeat(row.depth)}${row.name}`;
}

/**
 * A matrix as a heat map: rows down (disciplines, or the locations tree), columns across, each cell's count
 * written in it; empty cells stay blank. Wide matrices scroll sideways on a phone. A click reports the cell.
 */
export function MatrixChart({
  matrix,
  columnLabel,
  noLocation,
  label,
  onCell,
}: {
  matrix: DashboardMatrixFieldsFragment;
  columnLabel: (column: DashboardMatrixFieldsFragment['columns'][number]) => string;
  noLocation: string;
  label: string;
  onCell: (rowIndex: number, columnIndex: number) => void;
}) {
  const colors = useChartColors();
  const option = useMemo<EChartsCoreOption>(() => {
    const rowIndex = new Map(matrix.rows.map((r, i) => [r.id, i]));
    const columnIndex = new Map(matrix.columns.map((c, i) => [c.key, i]));
    const data = matrix.cells.flatMap((c) => {
      const x = columnIndex.get(c.column);
      const y = rowIndex.get(c.row ?? null);
      return x === undefined || y === undefined ? [] : [[x, y, c.count]];
    });
    const max = Math.max(1, ...matrix.cells.map((c) => c.count));
    return {
      tooltip: { position: 'top' },
      grid: { left: LABEL_WIDTH, right: 12, top: 32, bottom: 8 },
      xAxis: {
        type: 'category',
        position: 'top',
        data: matrix.columns.map(columnLabel),
        splitArea: { show: true },
        axisLabel: { interval: 0, width: COLUMN_WIDTH - 4, overflow: 'truncate' },
      },
      yAxis: {
        type: 'category',
        inverse: true,
        data: matrix.rows.map((r) => rowLabel(r, noLocation)),
        splitArea: { show: true },
        axisLabel: { width: LABEL_WIDTH - 12, overflow: 'truncate', align: 'left', margin: LABEL_WIDTH - 8 },
      },
      visualMap: { show: false, min: 0, max, inRange: { color: colors.heat } },
      series: [
        {
          id: 'cells',
          type: 'heatmap',
          data,
          label: { show: true, fontWeight: 600 },
          emphasis: { itemStyle: { borderColor: colors.backlog, borderWidth: 2 } },
        },
      ],
    };
  }, [matrix, columnLabel, noLocation, colors]);
  const height = Math.max(160, matrix.rows.length * ROW_HEIGHT + 48);
  const minWidth = LABEL_WIDTH + matrix.columns.length * COLUMN_WIDTH + 12;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <EChart
        option={option}
        height={height}
        minWidth={minWidth}
        label={label}
        testId="dashboard-chart"
        onClick={(click) => {
          const value = click.value as [number, number, number] | undefined;
          if (value) onCell(value[1], value[0]);
        }}
      />
    </ScrollArea>
  );
}
