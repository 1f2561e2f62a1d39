/**
 * Upload records (SPEC section 7, POST /images-record/adds): the list of files a user set out to upload into an
 * inspection, kept on the server when the batch starts. Set beside the inspection's photos it tells anyone in the
 * project, on any computer, which of those files arrived, were processed or failed, and which never arrived
 * (a closed tab, a lost connection, another person's unfinished batch). The SPEC names only the call that adds a
 * record; listing them and reading one's missing files are this product's choice (docs/api.md).
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { idField, idParam } from './fields.js';
import { imageFileNameField } from './inspection-image.js';
import { IMAGE_CATEGORIES } from './system-config.js';

/** Most files one record lists: a batch of the upload dialog (a whole drone flight's folder fits). */
export const IMAGES_RECORD_FILES_MAX = 10_000;

const recordFileSchema = z.object({
  name: imageFileNameField,
  size: z
    .number({ error: 'required' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'invalidValue' })
    .max(LIMITS.singleFileBytes, { error: 'photoTooLarge' }),
});

export const imagesRecordAddBodySchema = z
  .object({
    inspectionId: idField,
    imageGroupId: idField,
    category: z.enum(IMAGE_CATEGORIES, { error: 'invalidValue' }).default('normal'),
    files: z
      .array(recordFileSchema, { error: 'required' })
      .min(1, { error: 'required' })
      .max(IMAGES_RECORD_FILES_MAX, { error: 'tooLong' }),
  })
  .superRefine((body, context) => {
    // Photo names are unique in an inspection: a name twice in one batch is a mistake of the caller.
    const seen = new Set<string>();
    body.files.forEach((file, index) => {
      if (seen.has(file.name))
        context.addIssue({ code: 'custom', message: 'duplicateName', path: ['files', index, 'name'] });
      seen.add(file.name);
    });
  });
export type ImagesRecordAddBody = z.input<typeof imagesRecordAddBodySchema>;

export const imagesRecordSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  imageGroupId: z.number().int(),
  imageGroupName: z.string(),
  category: z.enum(IMAGE_CATEGORIES),
  /** Who started the batch; null once their account is gone. */
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  fileCount: z.number().int(),
  totalBytes: z.number().int(),
  /** Files of the record that are photos of the inspection now (whatever their state). */
  arrived: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  /** Files of the record that are not in the inspection: never uploaded, or deleted since. */
  missing: z.number().int(),
});
export type ImagesRecord = z.infer<typeof imagesRecordSchema>;

export const imagesRecordPageBodySchema = pageQuerySchema.extend({ inspectionId: idField });
export const imagesRecordPageSchema = pageOf(imagesRecordSchema);
export const imagesRecordIdParamsSchema = z.object({ id: idParam });
export const imagesRecordDetailSchema = imagesRecordSchema.extend({
  /** The missing files, in the order the batch listed them. */
  missingFiles: z.array(z.object({ name: z.string(), size: z.number().int() })),
});
export type ImagesRecordDetail = z.infer<typeof imagesRecordDetailSchema>;
