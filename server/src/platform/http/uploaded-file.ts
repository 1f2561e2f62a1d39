import type { FastifyRequest } from 'fastify';
import { AppError } from '@sightline/shared';
import { fieldError } from './field-error.js';

/** The bytes of the one file part named `file` of a multipart request, at most `maxBytes`. */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError('file', 'required');
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part) throw fieldError('file', 'required');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw fieldError('file', 'required');
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', { params: { max: maxBytes / (1024 * 1024) } });
    }
    throw error;
  }
}
