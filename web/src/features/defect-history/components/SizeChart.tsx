import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { HistoryChain } from '@sightline/shared';
import { SIZE_DIMENSIONS } from '../../../lib/defect-sizes';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { SIZE_LABEL } from '../history-display';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const UNITS = { lengthM: 'm', widthMm: 'mm', areaM2: 'm²' } as const;

/**
 * A defect's sizes over its chain's inspections, one line per size it has (ECharts, loaded with this component only
 * when a chain is opened). The series ECharts holds are written on the element (`data-series`) for tests.
 */
export default function SizeChart({ chain }: { chain: HistoryChain['chain'] }) {
  const { t } = useTranslation();
  const theme = usePreferencesStore((state) => state.theme);
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const chart = echarts.init(host, theme === 'dark' ? 'dark' : undefined, { renderer: 'svg' });
    const dimensions = SIZE_DIMENSIONS.filter((dimension) =>
      chain.some((entry) => entry.defect.size[dimension] !== null),
    );
    chart.setOption({
      backgroundColor: 'transparent',
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 16, right: 24, top: 40, bottom: 16, containLabel: true },
      xAxis: { type: 'category', data: chain.map((entry) => entry.inspection.inspectionDate) },
      // One axis per size: metres, millimetres and square metres differ by orders of magnitude.
      yAxis: dimensions.map((dimension, index) => ({
        type: 'value',
        name: UNITS[dimension],
        position: index === 0 ? 'left' : 'right',
        offset: index === 2 ? 56 : 0,
        splitLine: { show: index === 0 },
      })),
      series: dimensions.map((dimension, index) => ({
        id: dimension,
        yAxisIndex: index,
        name: t(SIZE_LABEL[dimension]),
        type: 'line',
        connectNulls: true,
        data: chain.map((entry) => entry.defect.size[dimension]),
      })),
    });
    const held = chart.getOption() as { series: Array<{ id: string; data: Array<number | null> }> };
    host.dataset.series = JSON.stringify(held.series.map((series) => ({ id: series.id, values: series.data })));
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(host);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [chain, t, theme]);

  return <div ref={element} style={{ width: '100%', height: 240 }} data-testid="history-size-chart" />;
}
