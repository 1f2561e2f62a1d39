import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const OPENAPI_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/openapi.json');

/** The document as committed: stable key order and formatting, so a diff shows only real changes. */
export function normalizedOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
