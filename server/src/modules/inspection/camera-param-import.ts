import { CAMERA_PARAM_IMPORT_MAX_ROWS, cameraParamItemSchema, type CameraParamItem } from '@sightline/shared';
import { readRowFile } from '../../platform/import/row-file.js';

const COLUMNS = ['model', 'sensorWidthMm', 'sensorHeightMm', 'focalLengthMm', 'imageWidthPx', 'imageHeightPx'] as const;
const NUMERIC = new Set<string>(COLUMNS.slice(1));

/** A CSV cell of a numeric column: a number when it reads as one, else the text (which the schema refuses). */
function numberOf(cell: string | undefined): unknown {
  if (cell === undefined || cell.trim() === '') return undefined;
  const value = Number(cell.trim());
  return Number.isFinite(value) ? value : cell;
}

/**
 * Reads a camera parameter file (docs/api.md, "Camera parameter file"): JSON (an array of rows, or
 * `{cameras: [...]}`) or CSV with the header row `model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,
 * imageHeightPx`. A model named twice in the file is refused on its second row.
 */
export function readCameraParamFile(data: Buffer): CameraParamItem[] {
  return readRowFile(data, {
    jsonListKey: 'cameras',
    schema: cameraParamItemSchema,
    maxRows: CAMERA_PARAM_IMPORT_MAX_ROWS,
    fromCsv: (record) =>
      Object.fromEntries(
        COLUMNS.map((column) => [column, NUMERIC.has(column) ? numberOf(record[column]) : record[column]]),
      ),
    refuseRow: (row, earlier) =>
      earlier.some((camera) => camera.model === row.model) ? { field: 'model', key: 'duplicateName' } : null,
  });
}
