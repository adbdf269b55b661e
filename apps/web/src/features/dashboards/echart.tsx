import { useEffect, useRef } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

// Only the parts the dashboards draw: this module and ECharts load with the dashboards' chunk, never elsewhere.
echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** What a click on a chart reports: the series and the data item's index and value. */
export interface ChartClick {
  readonly seriesId?: string;
  readonly dataIndex: number;
  readonly value: unknown;
}

/**
 * A thin React wrapper of an ECharts instance: created for the element and the colour scheme (ECharts' dark
 * theme in dark mode), resized with its box, the option replaced when it changes, clicks reported.
 */
export function EChart({
  option,
  height,
  minWidth,
  label,
  testId,
  onClick,
}: {
  option: EChartsCoreOption;
  height: number;
  minWidth?: number;
  /** What the chart shows, for screen readers (the same data is also given as a table). */
  label: string;
  testId?: string;
  onClick?: (click: ChartClick) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const scheme = useComputedColorScheme('light');
  const clicked = useRef(onClick);
  clicked.current = onClick;

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const instance = echarts.init(element, scheme === 'dark' ? 'dark' : undefined);
    chart.current = instance;
    instance.on('click', (params) => {
      const p = params as { seriesId?: string; dataIndex: number; value: unknown };
      clicked.current?.({ seriesId: p.seriesId, dataIndex: p.dataIndex, value: p.value });
    });
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [scheme]);

  useEffect(() => {
    chart.current?.setOption(
      { backgroundColor: 'transparent', aria: { enabled: true }, animationDuration: 300, ...option },
      true,
    );
  }, [option, scheme]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ height, minWidth, width: '100%', cursor: onClick ? 'pointer' : undefined }}
    />
  );
}
