import { HeadingLevel, Paragraph, type Table } from 'docx';
import { CATALOGUES, interpolate, type Language } from '@sightline/shared';
import {
  coverParagraphs,
  image,
  number,
  packDocument,
  table,
  text,
  type Picture,
  type ReportContent,
} from './inspection-report.document.js';

/** A total-station point in the monitoring report: its records in the period, oldest first, and their chart. */
export interface MonitorPointPart {
  name: string;
  thresholdMm: number;
  records: ReadonlyArray<{
    time: string;
    temperature: number;
    x: number;
    y: number;
    currentMm: number;
    cumulativeMm: number;
    alarm: boolean;
  }>;
  chart: Picture | null;
}

/** A drone target in the monitoring report: its displacement on each round in the period, and their chart. */
export interface MonitorTargetPart {
  name: string;
  thresholdMm: number;
  rounds: ReadonlyArray<{ name: string; date: string; displacementMm: number | null; alarm: boolean }>;
  chart: Picture | null;
}

/** Everything the monitoring report writes, gathered and named by the service. */
export interface MonitoringContent {
  language: Language;
  cover: ReportContent['cover'];
  summary: { projectName: string; baselineName: string; baselineDate: string; from: string | null; to: string | null };
  points: readonly MonitorPointPart[];
  targets: readonly MonitorTargetPart[];
}

/**
 * The monitoring report's Word document: the cover, the summary (project, baseline, period, counts of points,
 * targets, records and alarms), then per total-station point its threshold, line chart and records table (date,
 * temperature, X/Y, current and cumulative displacement, the alarm marked), then per drone target the same for its
 * rounds. A part without any selected point or target is left out.
 */
export function buildMonitoringDocument(content: MonitoringContent): Promise<Buffer> {
  const t = CATALOGUES[content.language].inspectionReport;
  const m = t.monitoring;
  const { cover, summary, points, targets } = content;
  const period = `${summary.from ?? m.open} – ${summary.to ?? m.open}`;
  const mark = (alarm: boolean) => (alarm ? m.alarmMark : '');
  const alarms =
    points.reduce((sum, point) => sum + point.records.filter((record) => record.alarm).length, 0) +
    targets.reduce((sum, target) => sum + target.rounds.filter((round) => round.alarm).length, 0);
  const heading = (title: string) => new Paragraph({ heading: HeadingLevel.HEADING_1, text: title });
  const part = (name: string, thresholdMm: number, chart: Picture | null, body: Table | null) => [
    new Paragraph({ heading: HeadingLevel.HEADING_2, text: name }),
    text(interpolate(m.threshold, { value: number(thresholdMm) })),
    ...(chart ? [new Paragraph({ children: [image(chart)] })] : []),
    body ?? text(m.noData),
  ];

  const groups: Array<{ landscape: boolean; children: Array<Paragraph | Table> }> = [
    {
      landscape: false,
      children: coverParagraphs(
        cover,
        [
          `${t.cover.project}: ${summary.projectName}`,
          `${m.baseline}: ${summary.baselineName} (${summary.baselineDate})`,
          `${m.range}: ${period}`,
        ],
        t.cover.generated,
      ),
    },
    {
      landscape: false,
      children: [
        heading(m.summary),
        table(
          [t.statistics.name, ''],
          [
            [t.summary.project, summary.projectName],
            [m.baseline, `${summary.baselineName} (${summary.baselineDate})`],
            [m.range, period],
            [m.pointCount, String(points.length)],
            [m.targetCount, String(targets.length)],
            [m.recordCount, String(points.reduce((sum, point) => sum + point.records.length, 0))],
            [m.alarmCount, String(alarms)],
          ],
        ),
      ],
    },
  ];
  if (points.length > 0)
    groups.push({
      landscape: false,
      children: [
        heading(m.points),
        ...points.flatMap((point) =>
          part(
            point.name,
            point.thresholdMm,
            point.chart,
            point.records.length === 0
              ? null
              : table(
                  [m.time, m.temperature, m.x, m.y, m.current, m.cumulative, m.alarm],
                  point.records.map((record) => [
                    record.time,
                    number(record.temperature),
                    number(record.x),
                    number(record.y),
                    number(record.currentMm),
                    number(record.cumulativeMm),
                    mark(record.alarm),
                  ]),
                ),
          ),
        ),
      ],
    });
  if (targets.length > 0)
    groups.push({
      landscape: false,
      children: [
        heading(m.targets),
        ...targets.flatMap((target) =>
          part(
            target.name,
            target.thresholdMm,
            target.chart,
            target.rounds.length === 0
              ? null
              : table(
                  [m.round, m.roundDate, m.displacement, m.alarm],
                  target.rounds.map((round) => [
                    round.name,
                    round.date,
                    number(round.displacementMm),
                    mark(round.alarm),
                  ]),
                ),
          ),
        ),
      ],
    });
  return packDocument(content.language, cover, groups);
}
