import * as echarts from 'echarts';
import sharp from 'sharp';

/** A chart's size in pixels: drawn at twice the size it is shown in the document, so it prints sharp. */
const CHART_PX = { width: 1200, height: 560 };

/**
 * A bar chart of counts as a PNG: echarts renders it server-side to SVG (its SSR mode needs no DOM), sharp turns the
 * SVG into pixels. Used by the statistics section, beside the table of the same numbers.
 */
export async function barChartPng(bars: ReadonlyArray<{ name: string; count: number; color?: string }>) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...CHART_PX });
  try {
    chart.setOption({
      animation: false,
      backgroundColor: '#ffffff',
      grid: { left: 80, right: 40, top: 40, bottom: 120 },
      textStyle: { fontSize: 22, fontFamily: 'Noto Sans CJK SC, Noto Sans, DejaVu Sans, sans-serif' },
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
    const svg = chart.renderToSVGString();
    return { data: await sharp(Buffer.from(svg)).png().toBuffer(), ...CHART_PX };
  } finally {
    chart.dispose();
  }
}
