import type * as ExcelJS from 'exceljs';
import { CATALOGUES, type DefectExportField, type Language } from '@sightline/shared';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { DefectRow } from '../defect/defect.repo.js';
import { code as defectCode } from '../defect/defect.service.js';
import { imageBlobKeys } from '../inspection/inspection-image.repo.js';
import { photoThumbnailsTask, THUMBNAIL_PX, type PhotoThumbnailsInput, type Thumbnail } from './defect-export.tasks.js';

/**
 * exceljs is some 670 modules with its zip and stream libraries (about 0.5 s of CPU to import): loaded by the first
 * workbook rather than with the server, whose start-up and every integration test file would otherwise pay it.
 */
let exceljsLoading: Promise<{ default: typeof ExcelJS }> | undefined;

/** The row height (points) that shows a thumbnail whole. */
const THUMBNAIL_ROW_PT = 76;
/**
 * Photos cropped at once for each of the CPU pool's threads: a thread runs two tasks side by side, so that one
 * crops and encodes while the other waits on its preview's read and decode. Each photo in flight holds its decoded
 * preview (about 9 MiB at 2048 × 1536), which bounds the export's memory.
 */
const PHOTOS_PER_THREAD = 2;

export interface ExportPhoto {
  id: number;
  storage_key: string;
  has_thumbnail: boolean;
  width_px: number | null;
  height_px: number | null;
}

/**
 * One thumbnail per defect: a crop around its drawn shape from its photo's screen-size preview, the shape outlined
 * on it, made in the CPU pool a photo at a time; its long side at most `longSidePx` (the export's 96 px thumbnail
 * unless asked otherwise). A readable crop (a report's key defect) is cut from the original instead, at the photo's
 * full resolution. A photo without a preview (not processed, or failed) gives its defects no thumbnail.
 */
export async function cropThumbnails(
  cpu: CpuPool,
  photos: readonly ExportPhoto[],
  defects: readonly DefectRow[],
  options: {
    signal: AbortSignal;
    progress: (done: number) => void;
    longSidePx?: number;
    source?: PhotoThumbnailsInput['source']['kind'];
  },
): Promise<Map<number, Thumbnail>> {
  const source = options.source ?? 'preview';
  const byPhoto = new Map<number, DefectRow[]>();
  for (const defect of defects) byPhoto.set(defect.image_id, [...(byPhoto.get(defect.image_id) ?? []), defect]);
  const thumbnails = new Map<number, Thumbnail>();
  const waiting = photos.filter((photo) => photo.has_thumbnail && byPhoto.has(photo.id));
  let done = defects.length - waiting.reduce((sum, photo) => sum + byPhoto.get(photo.id)!.length, 0);
  const crop = async (photo: ExportPhoto) => {
    const mine = byPhoto.get(photo.id)!;
    const made = await cpu.run(
      photoThumbnailsTask,
      {
        source: { key: imageBlobKeys(photo.storage_key)[source], kind: source },
        photoSize: photo.width_px && photo.height_px ? { width: photo.width_px, height: photo.height_px } : null,
        defects: mine.map((defect) => ({
          id: defect.id,
          points: defect.points.map(([u, v]) => [u, v] as [number, number]),
          closed: defect.shape_kind !== 'polyline',
        })),
        longSidePx: options.longSidePx ?? THUMBNAIL_PX,
      },
      { signal: options.signal },
    );
    for (const thumbnail of made) thumbnails.set(thumbnail.id, thumbnail);
    done += mine.length;
    options.progress(done);
  };
  let next = 0;
  const worker = async () => {
    while (next < waiting.length) await crop(waiting[next++]!);
  };
  // Spread over every thread of the pool (one on two cores, the event loop keeping the other; sharp's encodes run
  // on libuv's threads, which use both).
  await Promise.all(Array.from({ length: PHOTOS_PER_THREAD * cpu.threads }, worker));
  return thumbnails;
}

export interface WorkbookInput {
  language: Language;
  fields: readonly DefectExportField[];
  customFields: ReadonlyArray<{ id: number; name: string }>;
  defects: readonly DefectRow[];
  typeName: (typeId: number) => string;
  markerName: (markerId: number | null) => string | null;
  /** Thumbnails by defect id; null when the export has none. */
  thumbnails: Map<number, Thumbnail> | null;
}

/** The columns one field gives: a 3D position is three numbers. */
function columnsOf(field: DefectExportField, language: Language) {
  const texts = CATALOGUES[language].defectExport;
  const value = (defect: DefectRow): ExcelJS.CellValue => {
    switch (field) {
      case 'code':
        return defectCode(defect.number);
      case 'level':
        return defect.level;
      case 'length':
        return defect.edited_length_m ?? defect.length_m;
      case 'width':
        return defect.edited_width_mm ?? defect.width_mm;
      case 'area':
        return defect.edited_area_m2 ?? defect.area_m2;
      case 'description':
        return defect.description;
      case 'photo':
        return defect.image_name;
      case 'source':
        return texts.value[defect.source];
      case 'star':
        return defect.star ? texts.value.yes : texts.value.no;
      case 'createdBy':
        return defect.created_by_name;
      case 'createdAt':
        return defect.created_at;
      case 'updatedBy':
        return defect.updated_by_name;
      case 'updatedAt':
        return defect.updated_at;
      default:
        return null;
    }
  };
  if (field === 'position') {
    return (['longitude', 'latitude', 'height'] as const).map((part) => ({
      header: texts.column[part],
      width: 14,
      numFmt: part === 'height' ? '0.000' : '0.0000000',
      value: (defect: DefectRow): ExcelJS.CellValue =>
        part === 'longitude' ? defect.lon : part === 'latitude' ? defect.lat : defect.height,
    }));
  }
  const dates = field === 'createdAt' || field === 'updatedAt';
  return [
    {
      header: texts.column[field],
      width: dates ? 20 : field === 'description' ? 40 : 14,
      numFmt: dates ? 'yyyy-mm-dd hh:mm:ss' : undefined,
      value,
    },
  ];
}

/**
 * The workbook: one sheet, one row per defect in the list's order, the chosen fields as columns under headers in
 * the caller's language, numbers as numbers (a size typed by a user wins over the computed one, as the list
 * shows), custom fields after them, and each thumbnail anchored in its row's last column.
 */
export async function buildWorkbook(input: WorkbookInput): Promise<ExcelJS.Workbook> {
  const { language, defects } = input;
  const texts = CATALOGUES[language].defectExport;
  const columns = input.fields.flatMap((field) =>
    field === 'type'
      ? [
          {
            header: texts.column.type,
            width: 16,
            numFmt: undefined,
            value: (d: DefectRow) => input.typeName(d.type_id),
          },
        ]
      : field === 'component'
        ? [
            {
              header: texts.column.component,
              width: 16,
              numFmt: undefined,
              value: (d: DefectRow) => input.markerName(d.marker_id),
            },
          ]
        : columnsOf(field, language),
  );
  for (const custom of input.customFields) {
    columns.push({
      header: custom.name,
      width: 16,
      numFmt: undefined,
      value: (defect: DefectRow) => {
        const chosen = defect.fields[String(custom.id)];
        return Array.isArray(chosen) ? chosen.join(', ') : (chosen ?? null);
      },
    });
  }
  const { Workbook } = (await (exceljsLoading ??= import('exceljs'))).default;
  const workbook = new Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...columns.map((column, index) => ({
      key: `c${index}`,
      header: column.header,
      width: column.width,
      ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
    })),
    ...(input.thumbnails ? [{ key: 'thumbnail', header: texts.column.thumbnail, width: 15 }] : []),
  ];
  sheet.getRow(1).font = { bold: true };
  const thumbnailColumn = columns.length;
  defects.forEach((defect, index) => {
    const row = sheet.addRow(columns.map((column) => column.value(defect)));
    const thumbnail = input.thumbnails?.get(defect.id);
    if (!thumbnail) return;
    row.height = THUMBNAIL_ROW_PT;
    const image = workbook.addImage({
      buffer: Buffer.from(
        thumbnail.jpeg.buffer,
        thumbnail.jpeg.byteOffset,
        thumbnail.jpeg.byteLength,
      ) as unknown as ExcelJS.Buffer,
      extension: 'jpeg',
    });
    // Rows are 0-based in anchors: the header is row 0, this defect's row index + 1.
    sheet.addImage(image, {
      tl: { col: thumbnailColumn + 0.05, row: index + 1 + 0.05 },
      ext: { width: thumbnail.width, height: thumbnail.height },
      editAs: 'oneCell',
    });
  });
  return workbook;
}

/** What exceljs 4.4's writer hands its media step: the zip (a JSZip inside) and the workbook's pictures. */
interface XlsxMediaStep {
  addMedia(
    zip: { zip: { file(name: string, data: Buffer, options: { compression: 'STORE' }): unknown } },
    model: { media: ReadonlyArray<{ name: string; extension: string; buffer: Buffer }> },
  ): Promise<void>;
}

/**
 * Writes the workbook to `file`. exceljs deflates every part of its zip in JavaScript on the event loop, and a
 * thumbnail is a JPEG that deflate cannot shrink: ten thousand of them cost seconds (most of it setting up a
 * compressor per part) for nothing. The pictures go in stored instead (JSZip's per-part option, which exceljs's
 * writer does not expose); the sheet's and drawing's XML still deflate, at the fastest level.
 */
export async function writeWorkbook(workbook: ExcelJS.Workbook, file: string): Promise<void> {
  const writer = workbook.xlsx as unknown as XlsxMediaStep;
  writer.addMedia = async (zip, model) => {
    for (const medium of model.media)
      zip.zip.file(`xl/media/${medium.name}.${medium.extension}`, medium.buffer, { compression: 'STORE' });
  };
  await workbook.xlsx.writeFile(file, { zip: { compressionOptions: { level: 1 } } } as ExcelJS.XlsxWriteOptions);
}
