import type * as Echarts from 'echarts';
import sharp from 'sharp';

/**
 * echarts is some 600 modules (about 2 s to import on a busy 2-core machine): loaded by the first chart rather than
 * with the server, whose start-up and every integration test file would otherwise pay it.
 */
let echartsLoading: Promise<typeof Echarts> | undefined;

/** A chart's size in pixels: drawn at twice the size it is shown in the document, so it prints sharp. */
const CHART_PX = { width: 1200, height: 560 };

const FONT = { fontSize: 22, fontFamily: 'Noto Sans CJK SC, Noto Sans, DejaVu Sans, sans-serif' };

/** An echarts option rendered server-side to SVG (its SSR mode needs no DOM), turned into pixels by sharp. */
async function renderPng(option: Echarts.EChartsCoreOption) {
  const echarts = await (echartsLoading ??= import('echarts'));
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...CHART_PX });
  try {
    chart.setOption({ animation: false, backgroundColor: '#ffffff', textStyle: FONT, ...option });
    const svg = chart.renderToSVGString();
    return { data: await sharp(Buffer.from(svg)).png().toBuffer(), ...CHART_PX };
  } finally {
    chart.dispose();
  }
}

/** A bar chart of counts as a PNG. Used by the statistics section, beside the table of the same numbers. */
export function barChartPng(bars: ReadonlyArray<{ name: string; count: number; color?: string }>) {
  return renderPng({
    grid: { left: 80, right: 40, top: 40, bottom: 120 },
    xAxis: {
      type: 'category',
      data: bars.map((bar) => bar.name),
      axisLabel: { interval: 0, rotate: bars.length > 6 ? 30 : 0, fontSize: 22 },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: 22 } },
    series: [
      {
        type: 'bar',
        barMaxWidth: 80,
        data: bars.map((bar) => ({ value: bar.count, itemStyle: { color: bar.color ?? '#3478f6' } })),
        label: { show: true, position: 'top', fontSize: 22 },
      },
    ],
  });
}

/**
 * A line chart of one monitored point's or target's displacement (mm) over its dates or rounds as a PNG, with its
 * threshold as a dashed red line and the points above it in red. Used by the monitoring report beside its table.
 */
export function lineChartPng(line: {
  name: string;
  categories: readonly string[];
  values: ReadonlyArray<number | null>;
  thresholdMm: number;
  thresholdLabel: string;
}) {
  return renderPng({
    grid: { left: 110, right: 60, top: 60, bottom: 120 },
    legend: { top: 0, textStyle: FONT },
    xAxis: {
      type: 'category',
      data: [...line.categories],
      axisLabel: { rotate: line.categories.length > 6 ? 30 : 0, fontSize: 22 },
    },
    yAxis: { type: 'value', name: 'mm', axisLabel: { fontSize: 22 } },
    series: [
      {
        name: line.name,
        type: 'line',
        symbolSize: 12,
        lineStyle: { width: 3, color: '#3478f6' },
        data: line.values.map((value) => ({
          value,
          itemStyle: { color: value !== null && Math.abs(value) > line.thresholdMm ? '#e5484d' : '#3478f6' },
        })),
        label: { show: true, position: 'top', fontSize: 20 },
        markLine: {
          symbol: 'none',
          lineStyle: { color: '#e5484d', type: 'dashed', width: 2 },
          label: { formatter: `${line.thresholdLabel} ${line.thresholdMm}`, fontSize: 20 },
          data: [{ yAxis: line.thresholdMm }],
        },
      },
    ],
  });
}
