import {
  AlignmentType,
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  PageOrientation,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import {
  CATALOGUES,
  HISTORY_CHANGE_KINDS,
  LIMITS,
  interpolate,
  type DefectExportField,
  type HistoryChangeKind,
  type Language,
  type ReportSection,
} from '@sightline/shared';
import type { DefectRow } from '../defect/defect.repo.js';
import { code as defectCode } from '../defect/defect.service.js';

/** A picture for the document: its PNG or JPEG bytes and the size to show it at, in pixels (96 per inch). */
export interface Picture {
  data: Uint8Array;
  type: 'png' | 'jpg';
  width: number;
  height: number;
}

export interface CountRow {
  name: string;
  count: number;
}

export interface ReportKeyDefect {
  name: string;
  typeName: string;
  level: number;
  description: string;
  screenshot: Picture;
  crop: Picture | null;
  /** The photo defect it stands for: its number and sizes are shown with it. */
  defect: DefectRow | null;
}

/** Everything the document writes, gathered and named by the service. */
export interface ReportContent {
  language: Language;
  sections: readonly ReportSection[];
  cover: { companyName: string; logo: Picture | null; title: string; generatedAt: Date };
  summary: {
    projectName: string;
    inspectionName: string;
    inspectionDate: string;
    description: string;
    photoCount: number;
    defectCount: number;
    keyDefectCount: number;
  };
  statistics: {
    byType: CountRow[];
    byLevel: CountRow[];
    byComponent: CountRow[];
    bySize: CountRow[];
    typeChart: Picture | null;
    levelChart: Picture | null;
  };
  defectTable: {
    fields: readonly DefectExportField[];
    defects: readonly DefectRow[];
    typeName: (typeId: number) => string;
    markerName: (markerId: number | null) => string | null;
    /** Thumbnails by defect id; null when the table has none. */
    thumbnails: Map<number, Picture> | null;
  };
  keyDefects: ReportKeyDefect[];
  comparison: {
    previousName: string;
    defects: number;
    previousDefects: number;
    byKind: Record<HistoryChangeKind, number>;
  } | null;
}

const EAST_ASIAN_FONT: Record<Language, string> = {
  'zh-CN': 'Noto Sans CJK SC',
  en: 'Noto Sans CJK SC',
  ja: 'Noto Sans CJK JP',
};

/** Widest a picture is shown, in pixels at 96 per inch: an A4 page's text width. */
const PAGE_WIDTH_PX = 600;

const fit = (picture: Picture, maxWidth: number) => {
  const scale = Math.min(1, maxWidth / picture.width);
  return { width: Math.round(picture.width * scale), height: Math.round(picture.height * scale) };
};

export const image = (picture: Picture, maxWidth = PAGE_WIDTH_PX) =>
  new ImageRun({ type: picture.type, data: picture.data, transformation: fit(picture, maxWidth) });

export const text = (value: string, bold = false) => new Paragraph({ children: [new TextRun({ text: value, bold })] });

export function table(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | Paragraph>>) {
  const cell = (value: string | Paragraph, bold = false) =>
    new TableCell({ children: [typeof value === 'string' ? text(value, bold) : value] });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((name) => cell(name, true)) }),
      ...rows.map((row) => new TableRow({ children: row.map((value) => cell(value)) })),
    ],
  });
}

export const number = (value: number | null) => (value === null ? '' : String(Number(value.toFixed(4))));

/** A defect's value in the table: the edited size wins over the computed one, as the list shows. */
function cellText(field: DefectExportField, defect: DefectRow, content: ReportContent): string {
  const texts = CATALOGUES[content.language].defectExport;
  const table = content.defectTable;
  switch (field) {
    case 'code':
      return defectCode(defect.number);
    case 'type':
      return table.typeName(defect.type_id);
    case 'level':
      return String(defect.level);
    case 'length':
      return number(defect.edited_length_m ?? defect.length_m);
    case 'width':
      return number(defect.edited_width_mm ?? defect.width_mm);
    case 'area':
      return number(defect.edited_area_m2 ?? defect.area_m2);
    case 'description':
      return defect.description;
    case 'component':
      return table.markerName(defect.marker_id) ?? '';
    case 'photo':
      return defect.image_name;
    case 'position':
      return defect.lon === null || defect.lat === null
        ? ''
        : `${defect.lon.toFixed(7)}, ${defect.lat.toFixed(7)}, ${number(defect.height)}`;
    case 'source':
      return texts.value[defect.source];
    case 'star':
      return defect.star ? texts.value.yes : texts.value.no;
    case 'createdBy':
      return defect.created_by_name ?? '';
    case 'createdAt':
      return defect.created_at.toISOString().slice(0, 19).replace('T', ' ');
    case 'updatedBy':
      return defect.updated_by_name ?? '';
    case 'updatedAt':
      return defect.updated_at.toISOString().slice(0, 19).replace('T', ' ');
  }
}

/** A key defect's photo defect in the key defect's table: its number, then each size it has. */
function keyDefectFacts(defect: DefectRow, content: ReportContent): string[][] {
  const columns = CATALOGUES[content.language].defectExport.column;
  return (['code', 'length', 'width', 'area'] as const)
    .map((field) => [columns[field], cellText(field, defect, content)])
    .filter(([, value]) => value !== '');
}

function countSection(title: string, header: readonly string[], rows: readonly CountRow[], chart: Picture | null) {
  return [
    new Paragraph({ heading: HeadingLevel.HEADING_2, text: title }),
    ...(chart ? [new Paragraph({ children: [image(chart)] })] : []),
    table(
      header,
      rows.map((row) => [row.name, String(row.count)]),
    ),
  ];
}

/**
 * The Word document: the cover (company logo and name, title, project, inspection, dates), then each configured
 * section in REPORT_SECTIONS' order under its heading, in the report's language.
 */
export async function buildReportDocument(content: ReportContent): Promise<Buffer> {
  const t = CATALOGUES[content.language].inspectionReport;
  const { cover, summary, statistics } = content;
  const heading = (section: ReportSection, pageBreakBefore: boolean) =>
    new Paragraph({ heading: HeadingLevel.HEADING_1, text: t.section[section], pageBreakBefore });

  const coverPage = coverParagraphs(
    cover,
    [
      `${t.cover.project}: ${summary.projectName}`,
      `${t.cover.inspection}: ${summary.inspectionName}`,
      `${t.cover.date}: ${summary.inspectionDate}`,
    ],
    t.cover.generated,
  );

  const bodies: Record<ReportSection, () => Array<Paragraph | Table>> = {
    summary: () => [
      table(
        [t.statistics.name, ''],
        [
          [t.summary.project, summary.projectName],
          [t.summary.inspection, summary.inspectionName],
          [t.summary.date, summary.inspectionDate],
          [t.summary.description, summary.description || t.none],
          [t.summary.photos, String(summary.photoCount)],
          [t.summary.defects, String(summary.defectCount)],
          [t.summary.keyDefects, String(summary.keyDefectCount)],
        ],
      ),
      ...(summary.defectCount > LIMITS.defectCountFlag
        ? [text(interpolate(t.summary.flagged, { num: LIMITS.defectCountFlag }), true)]
        : []),
    ],
    statistics: () => {
      const header = [t.statistics.name, t.statistics.count];
      return [
        ...countSection(t.statistics.byType, header, statistics.byType, statistics.typeChart),
        ...countSection(t.statistics.byLevel, header, statistics.byLevel, statistics.levelChart),
        ...countSection(t.statistics.byComponent, header, statistics.byComponent, null),
        ...(statistics.bySize.length > 0
          ? countSection(t.statistics.bySize, [t.statistics.interval, t.statistics.count], statistics.bySize, null)
          : []),
      ];
    },
    defects: () => {
      const { fields, defects, thumbnails } = content.defectTable;
      const columns = CATALOGUES[content.language].defectExport.column;
      return [
        table(
          [...fields.map((field) => columns[field]), ...(thumbnails ? [columns.thumbnail] : [])],
          defects.map((defect) => {
            const thumbnail = thumbnails?.get(defect.id);
            return [
              ...fields.map((field) => cellText(field, defect, content)),
              ...(thumbnails ? [thumbnail ? new Paragraph({ children: [image(thumbnail, 72)] }) : ''] : []),
            ];
          }),
        ),
      ];
    },
    keyDefects: () =>
      content.keyDefects.flatMap((key) => [
        new Paragraph({ heading: HeadingLevel.HEADING_2, text: key.name }),
        table(
          [t.statistics.name, ''],
          [
            [t.keyDefect.type, key.typeName],
            [t.keyDefect.level, String(key.level)],
            [t.keyDefect.description, key.description || t.none],
            ...(key.defect ? keyDefectFacts(key.defect, content) : []),
          ],
        ),
        text(t.keyDefect.screenshot, true),
        new Paragraph({ children: [image(key.screenshot)] }),
        ...(key.crop ? [text(t.keyDefect.crop, true), new Paragraph({ children: [image(key.crop)] })] : []),
      ]),
    comparison: () => {
      const comparison = content.comparison!;
      return [
        text(`${t.comparison.previous}: ${comparison.previousName}`),
        text(`${t.comparison.defects}: ${comparison.defects}`),
        text(`${t.comparison.previousDefects}: ${comparison.previousDefects}`),
        table(
          [t.comparison.kind, t.comparison.count],
          HISTORY_CHANGE_KINDS.map((kind) => [t.comparison.kinds[kind], String(comparison.byKind[kind])]),
        ),
      ];
    },
  };

  // Each section starts a page; the defect table's many columns get a landscape section of their own.
  const landscape = (section: ReportSection) => section === 'defects';
  const groups: Array<{ landscape: boolean; children: Array<Paragraph | Table> }> = [
    { landscape: false, children: coverPage },
  ];
  for (const section of content.sections) {
    let group = groups.at(-1)!;
    // The cover is a section of its own; a section break starts the next page.
    const opensGroup = group === groups[0] || landscape(section) || group.landscape;
    if (opensGroup) groups.push((group = { landscape: landscape(section), children: [] }));
    group.children.push(heading(section, !opensGroup), ...bodies[section]());
  }
  return packDocument(content.language, cover, groups);
}

/** The cover: the company's logo and name, the title, the given facts and the generation time. */
export function coverParagraphs(cover: ReportContent['cover'], facts: readonly string[], generated: string) {
  return [
    ...(cover.logo ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [image(cover.logo, 160)] })] : []),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: cover.companyName, size: 32 })] }),
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, text: cover.title }),
    ...[...facts, `${generated}: ${cover.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`].map(
      (line) => new Paragraph({ alignment: AlignmentType.CENTER, text: line }),
    ),
  ];
}

/** The Word file of these page groups (each a section of the document, portrait unless landscape). */
export function packDocument(
  language: Language,
  cover: ReportContent['cover'],
  groups: ReadonlyArray<{ landscape: boolean; children: Array<Paragraph | Table> }>,
): Promise<Buffer> {
  const document = new Document({
    creator: cover.companyName,
    title: cover.title,
    // Latin text in the office suite's default font; Chinese and Japanese in a CJK face of the report's language.
    styles: { default: { document: { run: { font: { eastAsia: EAST_ASIAN_FONT[language] } } } } },
    sections: groups.map((group) => ({
      properties: group.landscape ? { page: { size: { orientation: PageOrientation.LANDSCAPE } } } : {},
      children: group.children,
    })),
  });
  return Packer.toBuffer(document);
}
