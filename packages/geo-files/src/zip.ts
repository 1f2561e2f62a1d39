import { unzipSync } from 'fflate';
import { VectorFileError } from './vector-file-error.js';

/**
 * Location files are small, so their zips are read in memory. Entries are capped so a zip bomb is refused
 * before it is inflated (fflate's filter sees the declared sizes first).
 */
export const MAX_VECTOR_ENTRY_BYTES = 64 * 1024 * 1024;

export function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  let tooLarge: string | undefined;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const ignored = file.name.endsWith('/') || file.name.startsWith('__MACOSX/') || /(^|\/)\._/.test(file.name);
        if (!ignored && file.originalSize > MAX_VECTOR_ENTRY_BYTES) tooLarge = file.name;
        return !ignored && tooLarge === undefined;
      },
    });
  } catch (error) {
    throw new VectorFileError('parseError', `unreadable zip: ${(error as Error).message}`);
  }
  if (tooLarge !== undefined)
    throw new VectorFileError('tooLarge', `${tooLarge} is over ${MAX_VECTOR_ENTRY_BYTES} bytes`);
  return new Map(Object.entries(files));
}
