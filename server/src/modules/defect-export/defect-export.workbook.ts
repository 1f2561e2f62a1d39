import ExcelJS from 'exceljs';
import sharp, { type Channels } from 'sharp';
import { CATALOGUES, type DefectExportField, type Language } from '@sightline/shared';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { DefectRow } from '../defect/defect.repo.js';
import { code as defectCode } from '../defect/defect.service.js';
import { imageBlobKeys } from '../inspection/inspection-image.repo.js';

/** A thumbnail's long side in pixels, and the row height (points) that shows it whole. */
const THUMBNAIL_PX = 96;
const THUMBNAIL_ROW_PT = 76;
/** Context kept around the defect's box, as a share of its size, and at least this many of the photo's pixels. */
const CROP_MARGIN = 0.25;
const CROP_MARGIN_MIN_PX = 48;

export interface Thumbnail {
  jpeg: Buffer;
  width: number;
  height: number;
}

export interface ExportPhoto {
  id: number;
  storage_key: string;
  has_thumbnail: boolean;
  width_px: number | null;
  height_px: number | null;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * One thumbnail per defect: a crop around its drawn shape from its photo's screen-size preview, the shape outlined
 * on it. Each preview is decoded once into raw pixels and every defect of that photo cut from them, as decoding is
 * what costs (a 2048-pixel JPEG takes tens of milliseconds, a crop of raw pixels about one). A photo without a
 * preview (not processed, or failed) gives its defects no thumbnail.
 */
export async function cropThumbnails(
  blobs: BlobStore,
  photos: readonly ExportPhoto[],
  defects: readonly DefectRow[],
  options: { signal: AbortSignal; progress: (done: number) => void },
): Promise<Map<number, Thumbnail>> {
  const byPhoto = new Map<number, DefectRow[]>();
  for (const defect of defects) {
    const list = byPhoto.get(defect.image_id) ?? [];
    list.push(defect);
    byPhoto.set(defect.image_id, list);
  }
  const thumbnails = new Map<number, Thumbnail>();
  let done = 0;
  for (const photo of photos) {
    const mine = byPhoto.get(photo.id) ?? [];
    options.signal.throwIfAborted();
    const stored = photo.has_thumbnail && (await blobs.stat(imageBlobKeys(photo.storage_key).preview));
    if (stored) {
      const preview = await readAll(blobs.get(imageBlobKeys(photo.storage_key).preview));
      const { data, info } = await sharp(preview).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels as Channels };
      // Defects are drawn in the photo's pixels; the preview is the same picture, scaled down.
      const scale = info.width / (photo.width_px ?? info.width);
      for (const defect of mine) {
        const thumbnail = await cropOne(data, raw, defect, scale);
        if (thumbnail) thumbnails.set(defect.id, thumbnail);
      }
    }
    done += mine.length;
    options.progress(done);
  }
  return thumbnails;
}

async function cropOne(
  pixels: Buffer,
  info: { width: number; height: number; channels: Channels },
  defect: DefectRow,
  scale: number,
): Promise<Thumbnail | null> {
  const points = defect.points.map(([u, v]) => [u * scale, v * scale] as const);
  const us = points.map(([u]) => u);
  const vs = points.map(([, v]) => v);
  const [minU, maxU, minV, maxV] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
  const margin = Math.max(CROP_MARGIN * Math.max(maxU - minU, maxV - minV), CROP_MARGIN_MIN_PX * scale);
  const left = Math.max(0, Math.floor(minU - margin));
  const top = Math.max(0, Math.floor(minV - margin));
  const right = Math.min(info.width, Math.ceil(maxU + margin));
  const bottom = Math.min(info.height, Math.ceil(maxV + margin));
  if (right - left < 1 || bottom - top < 1) return null;
  const width = right - left;
  const height = bottom - top;
  // Only the crop's rows are copied out of the preview's pixels: handing sharp the whole preview for each defect
  // would copy megabytes per defect.
  const rowBytes = width * info.channels;
  const cropped = Buffer.allocUnsafe(rowBytes * height);
  for (let row = 0; row < height; row += 1) {
    const from = ((top + row) * info.width + left) * info.channels;
    pixels.copy(cropped, row * rowBytes, from, from + rowBytes);
  }
  const fit = Math.min(1, THUMBNAIL_PX / Math.max(width, height));
  const [outWidth, outHeight] = [Math.max(1, Math.round(width * fit)), Math.max(1, Math.round(height * fit))];
  const path = points.map(([u, v]) => `${(u - left).toFixed(1)},${(v - top).toFixed(1)}`).join(' ');
  const element = defect.shape_kind === 'polyline' ? 'polyline' : 'polygon';
  // Drawn in the crop's pixels and scaled with it: sharp composites after resizing.
  const outline = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">` +
      `<${element} points="${path}" fill="none" stroke="#ff3b30" stroke-width="${2 / fit}"/></svg>`,
  );
  const { data, info: size } = await sharp(cropped, { raw: { width, height, channels: info.channels } })
    .resize(outWidth, outHeight)
    .composite([{ input: outline }])
    .jpeg({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { jpeg: data, width: size.width, height: size.height };
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
export function buildWorkbook(input: WorkbookInput): ExcelJS.Workbook {
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
  const workbook = new ExcelJS.Workbook();
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
    const image = workbook.addImage({ buffer: thumbnail.jpeg as unknown as ExcelJS.Buffer, extension: 'jpeg' });
    // Rows are 0-based in anchors: the header is row 0, this defect's row index + 1.
    sheet.addImage(image, {
      tl: { col: thumbnailColumn + 0.05, row: index + 1 + 0.05 },
      ext: { width: thumbnail.width, height: thumbnail.height },
      editAs: 'oneCell',
    });
  });
  return workbook;
}
