import { useEffect, useRef } from 'react';
import { Empty } from 'antd';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { DisplacementRecord } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore } from '../../../stores/preferences-store';

echarts.use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

const ALARM_COLOR = '#ff4d4f';

/**
 * A point's current and cumulative displacements over time, the threshold as a line, surveys above it drawn larger
 * in red. The series ECharts holds are written on the element (`data-series`) for tests and screen readers.
 */
export function DisplacementChart({ records, thresholdMm }: { records: DisplacementRecord[]; thresholdMm: number }) {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = element.current;
    if (!host || records.length === 0) return;
    const chart = echarts.init(host, theme === 'dark' ? 'dark' : undefined, { renderer: 'svg' });
    const alarmPoint = (record: DisplacementRecord) => ({
      value: record.cumulativeMm,
      ...(record.alarm ? { symbolSize: 12, itemStyle: { color: ALARM_COLOR } } : {}),
    });
    chart.setOption({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 96, top: 40, bottom: 32, containLabel: true },
      xAxis: { type: 'category', data: records.map((record) => record.monitorTime) },
      yAxis: { type: 'value', name: 'mm' },
      series: [
        {
          id: 'current',
          name: t('monitorUi.chart.current'),
          type: 'line',
          data: records.map((record) => record.currentMm),
        },
        {
          id: 'cumulative',
          name: t('monitorUi.chart.cumulative'),
          type: 'line',
          data: records.map(alarmPoint),
          markLine: {
            symbol: 'none',
            lineStyle: { color: ALARM_COLOR, type: 'dashed' },
            label: { formatter: `${t('monitorUi.chart.threshold')} {c}` },
            data: [{ yAxis: thresholdMm }],
          },
        },
      ],
    });
    const held = chart.getOption() as {
      series: Array<{
        id: string;
        data: Array<number | { value: number; itemStyle?: unknown }>;
        markLine?: { data: Array<{ yAxis: number }> };
      }>;
    };
    host.dataset.series = JSON.stringify(
      held.series.map((series) => ({
        id: series.id,
        values: series.data.map((item) => (typeof item === 'number' ? item : item.value)),
        alarms: series.data.map((item) => typeof item !== 'number' && item.itemStyle !== undefined),
        threshold: series.markLine?.data[0]?.yAxis ?? null,
      })),
    );
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(host);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [records, thresholdMm, theme, t]);

  if (records.length === 0) {
    return <Empty description={t('monitorUi.chart.empty')} data-testid="displacement-chart-empty" />;
  }
  return <div ref={element} style={{ width: '100%', height: 320 }} data-testid="displacement-chart" />;
}
