import { readBlocksExchange } from './blocks-exchange.js';
import { readMetashape } from './metashape.js';
import { type PoseExport, PoseExportError } from './types.js';
import { child, parseXml } from './xml.js';

const decoder = new TextDecoder('utf-8'); // strips a byte-order mark

/**
 * Reads a photogrammetry pose export, recognised by its root element: Agisoft Metashape's cameras XML
 * (`<document>`) or ContextCapture / iTwin Capture BlocksExchange (`<BlocksExchange>`).
 * Throws `PoseExportError` naming the element at fault.
 */
export function parsePoseExport(input: string | Uint8Array): PoseExport {
  const text = typeof input === 'string' ? input : decoder.decode(input);
  if (text.trim() === '') throw new PoseExportError('notXml', undefined, 'empty file');
  const root = parseXml(text);
  const metashape = child(root, 'document');
  if (metashape) return readMetashape(metashape);
  const blocksExchange = child(root, 'BlocksExchange');
  if (blocksExchange) return readBlocksExchange(blocksExchange);
  throw new PoseExportError('unknownFormat', undefined, 'neither <document> (Metashape) nor <BlocksExchange>');
}
