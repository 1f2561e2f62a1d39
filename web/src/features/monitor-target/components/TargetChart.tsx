import { useEffect, useRef } from 'react';
import { Empty } from 'antd';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { TargetChart as TargetChartData } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore } from '../../../stores/preferences-store';

echarts.use([LineChart, GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, SVGRenderer]);

const ALARM_COLOR = '#ff4d4f';

/**
 * Drone targets' displacements over the monitoring rounds (GET /tag-displacement/analysis/line-chart) after the
 * baseline's 0 mm, rounds above the threshold larger in red, each target's threshold as a dashed line. The series ECharts holds are written on the element (`data-series`) for tests and
 * screen readers.
 */
export function TargetChart({ chart }: { chart: TargetChartData }) {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const element = useRef<HTMLDivElement>(null);
  const empty = chart.rounds.length === 0 || chart.series.length === 0;

  useEffect(() => {
    const host = element.current;
    if (!host || empty) return;
    const instance = echarts.init(host, theme === 'dark' ? 'dark' : undefined, { renderer: 'svg' });
    instance.setOption({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 96, top: 40, bottom: 32, containLabel: true },
      xAxis: {
        type: 'category',
        data: [
          t('targetUi.detail.baseline'),
          ...chart.rounds.map((round) => `${round.name} (${round.inspectionDate})`),
        ],
      },
      yAxis: { type: 'value', name: 'mm' },
      series: chart.series.map((series) => ({
        id: String(series.tagId),
        name: series.name,
        type: 'line',
        connectNulls: false,
        // The baseline is where each displacement is measured from: 0 mm.
        data: [0, ...series.values].map((value) =>
          value !== null && value > series.thresholdMm
            ? { value, symbolSize: 12, itemStyle: { color: ALARM_COLOR } }
            : value,
        ),
        markLine: {
          symbol: 'none',
          lineStyle: { color: ALARM_COLOR, type: 'dashed' },
          label: { formatter: `${t('targetUi.chart.threshold')} {c}` },
          data: [{ yAxis: series.thresholdMm }],
        },
      })),
    });
    const held = instance.getOption() as {
      series: Array<{
        id: string;
        data: Array<number | null | { value: number }>;
        markLine?: { data: Array<{ yAxis: number }> };
      }>;
    };
    host.dataset.series = JSON.stringify(
      held.series.map((series) => ({
        id: series.id,
        values: series.data.map((item) => (item !== null && typeof item === 'object' ? item.value : item)),
        threshold: series.markLine?.data[0]?.yAxis ?? null,
      })),
    );
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(host);
    return () => {
      resize.disconnect();
      instance.dispose();
    };
  }, [chart, empty, theme, t]);

  if (empty) return <Empty description={t('targetUi.chart.empty')} data-testid="target-chart-empty" />;
  return <div ref={element} style={{ width: '100%', height: 320 }} data-testid="target-chart" />;
}
