import type { FastifyRequest } from 'fastify';
import { AppError } from '@sightline/shared';
import { fieldError } from '../../platform/http/field-error.js';

export interface XmlForm {
  /** Text fields sent before the file. */
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer };
}

/** Text fields are names of a folder's images at most: 4 MiB of them. */
const FIELD_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A multipart form of text fields and one file part named `file` of at most `maxBytes` (the platform's
 * readUploadedFile takes the file alone; `init` also needs the folder's image names beside it).
 */
export async function readXmlForm(request: FastifyRequest, maxBytes: number): Promise<XmlForm> {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  const fields: Record<string, string> = {};
  let file: XmlForm['file'] | undefined;
  const parts = request.parts({ limits: { fileSize: maxBytes, fieldSize: FIELD_MAX_BYTES, files: 1 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw fieldError(part.fieldname, 'tooLong');
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    try {
      file = { name: part.filename, bytes: await part.toBuffer() };
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('FILE_TOO_LARGE', { params: { max: Math.round(maxBytes / (1024 * 1024)) } });
      }
      throw error;
    }
  }
  if (!file) throw fieldError('file', 'required');
  return { fields, file };
}
