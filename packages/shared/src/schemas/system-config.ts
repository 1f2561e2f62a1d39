import { z } from 'zod';
import { requiredText } from './fields.js';

/** The entries of the deployment's branding (SPEC section 3: system config entries). */
export const SYSTEM_CONFIG_KEYS = ['companyName', 'logo', 'icon'] as const;
export type SystemConfigKey = (typeof SYSTEM_CONFIG_KEYS)[number];
export const SYSTEM_IMAGE_KEYS = ['logo', 'icon'] as const;

/** Image categories of inspection photos (SPEC section 3): normal and cable (dragline). */
export const IMAGE_CATEGORIES = ['normal', 'cable'] as const;
export type ImageCategory = (typeof IMAGE_CATEGORIES)[number];

export const dictionaryEntrySchema = z.object({ key: z.string(), value: z.string() });
export type DictionaryEntry = z.infer<typeof dictionaryEntrySchema>;
export const dictionaryEntriesSchema = z.array(dictionaryEntrySchema);

/** A logo or icon is a path on this site: a built-in file or one uploaded through the logo call. */
const SITE_PATH = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const imagePath = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(200, { error: 'tooLong' })
  .regex(SITE_PATH, { error: 'invalidValue' });

export const systemConfigUpdateBodySchema = z.object({
  entries: z
    .array(
      z.discriminatedUnion(
        'key',
        [
          z.object({ key: z.literal('companyName'), value: requiredText() }),
          z.object({ key: z.literal('logo'), value: imagePath }),
          z.object({ key: z.literal('icon'), value: imagePath }),
        ],
        { error: 'invalidValue' },
      ),
      { error: 'required' },
    )
    .min(1, { error: 'required' })
    .max(SYSTEM_CONFIG_KEYS.length, { error: 'invalidValue' }),
});
export type SystemConfigUpdateBody = z.input<typeof systemConfigUpdateBodySchema>;

export const systemImageQuerySchema = z.object({
  entry: z.enum(SYSTEM_IMAGE_KEYS, { error: 'invalidValue' }).default('logo'),
});

export const findDataBodySchema = z.object({ category: requiredText(64) });

/** Where the web fetches stored files; the local store needs no keys, so none are sent. */
export const fileStoreAddressSchema = z.object({
  endpoint: z.string(),
  bucket: z.null(),
  ip: z.string(),
  port: z.number().int(),
});
