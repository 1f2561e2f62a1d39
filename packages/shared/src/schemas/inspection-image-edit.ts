import { z } from 'zod';
import { idField } from './fields.js';
import { imageFileNameField } from './inspection-image.js';
import { IMAGE_CATEGORIES } from './system-config.js';

/**
 * Changes to photos already in an inspection (SPEC section 7, "Inspections and images"). What a screener changes
 * (screening status, favourite) and what an uploader changes (name, category, image group) are separate calls, as the
 * roles that may make them differ (packages/shared call-access).
 */
const screeningStatusField = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'invalidValue' });
const idsField = z
  .array(idField, { error: 'invalidValue' })
  .min(1, { error: 'required' })
  .max(1000, { error: 'tooLong' });
const categoryField = z.enum(IMAGE_CATEGORIES, { error: 'invalidValue' });

const somethingToChange = (keys: readonly string[]) => (body: Record<string, unknown>) =>
  keys.some((key) => body[key] !== undefined);

/** PUT /inspection-image: one photo's screening status (0 not screened, 1 screened, 2 doubtful) or favourite flag. */
export const inspectionImageUpdateBodySchema = z
  .object({ id: idField, screeningStatus: screeningStatusField.optional(), favourite: z.boolean().optional() })
  .refine(somethingToChange(['screeningStatus', 'favourite']), { error: 'required', path: ['screeningStatus'] });
export type InspectionImageUpdateBody = z.infer<typeof inspectionImageUpdateBodySchema>;

/** POST /inspection-image/inspect-img: the screening status of several photos at once. */
export const inspectionImageInspectBodySchema = z.object({ ids: idsField, screeningStatus: screeningStatusField });
export type InspectionImageInspectBody = z.infer<typeof inspectionImageInspectBodySchema>;

/**
 * POST /inspection-image/update/img: one photo's name (unique in its inspection: pose exports match photos by name),
 * category or image group (one of the same inspection).
 */
export const inspectionImageUpdateImgBodySchema = z
  .object({
    id: idField,
    name: imageFileNameField.optional(),
    category: categoryField.optional(),
    imageGroupId: idField.optional(),
  })
  .refine(somethingToChange(['name', 'category', 'imageGroupId']), { error: 'required', path: ['name'] });
export type InspectionImageUpdateImgBody = z.infer<typeof inspectionImageUpdateImgBodySchema>;

/** POST /inspection-image/update/images: the category or image group of several photos of one inspection. */
export const inspectionImagesUpdateBodySchema = z
  .object({ ids: idsField, category: categoryField.optional(), imageGroupId: idField.optional() })
  .refine(somethingToChange(['category', 'imageGroupId']), { error: 'required', path: ['category'] });
export type InspectionImagesUpdateBody = z.infer<typeof inspectionImagesUpdateBodySchema>;

/** DELETE /inspection-image/file/{fileId}: a photo by its file id, the id of the upload that brought it. */
export const inspectionImageFileIdParamsSchema = z.object({
  fileId: z.string().regex(/^[0-9a-f]{32}$/, { error: 'invalidValue' }),
});

export const inspectionImagesChangedSchema = z.object({ changed: z.number().int() });
