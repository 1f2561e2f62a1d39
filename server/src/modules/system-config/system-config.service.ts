import { randomBytes } from 'node:crypto';
import { AppError, SYSTEM_CONFIG_KEYS, type DictionaryEntry, type SystemConfigKey } from '@sightline/shared';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { storedFile } from '../../platform/http/stored-file.js';
import type { SystemConfigRepo } from './system-config.repo.js';
import { imageTypeOf } from '../../platform/storage/image-type.js';

const SYSTEM_CONFIG_CATEGORY = 'system-config';
/** Seeded by migration 0005. */
const IMAGE_CATEGORY = 'image-category';

/** Uploaded logos and icons are served publicly here: the login page shows them before anyone signs in. */
const SYSTEM_FILES_URL = '/api/files/system';
const SYSTEM_BLOB_PREFIX = 'system';
/** Names this module gives uploads; nothing else is served from the system folder. */
const SYSTEM_FILE_NAME = /^(?:logo|icon)-[0-9a-f]{16}\.(?:png|jpg|svg)$/;

const DEFAULTS: Record<SystemConfigKey, string> = {
  companyName: 'Sightline',
  // The web app's own mark (web/public/favicon.svg), until a company uploads its own.
  logo: '/favicon.svg',
  icon: '/favicon.svg',
};

const SYSTEM_IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
} as const;
type SystemImageType = keyof typeof SYSTEM_IMAGE_TYPES;

const SVG_START =
  /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/** The type from the bytes, never from the name or the declared type a browser sends. */
function detectSystemImageType(data: Buffer): SystemImageType | null {
  const picture = imageTypeOf(data);
  if (picture) return picture;
  const head = data
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return SVG_START.test(head) ? 'svg' : null;
}

function uploadedName(value: string): string | null {
  if (!value.startsWith(`${SYSTEM_FILES_URL}/`)) return null;
  const name = value.slice(SYSTEM_FILES_URL.length + 1);
  return SYSTEM_FILE_NAME.test(name) ? name : null;
}

function systemBlobKey(name: string): string {
  return `${SYSTEM_BLOB_PREFIX}/${name}`;
}

export interface SystemConfigServiceDeps {
  repo: SystemConfigRepo;
  blobs: BlobStore;
  settings: { storage: { ip: string; port: number } };
}

export function createSystemConfigService({ repo, blobs, settings }: SystemConfigServiceDeps) {
  async function systemConfig(): Promise<DictionaryEntry[]> {
    const stored = new Map(
      (await repo.findCategory(SYSTEM_CONFIG_CATEGORY)).map((row) => [row.data_key, row.data_value]),
    );
    return SYSTEM_CONFIG_KEYS.map((key) => ({ key, value: stored.get(key) ?? DEFAULTS[key] }));
  }

  async function findData(category: string): Promise<DictionaryEntry[]> {
    if (category === SYSTEM_CONFIG_CATEGORY) return systemConfig();
    return (await repo.findCategory(category)).map((row) => ({ key: row.data_key, value: row.data_value }));
  }

  /** Stores the entries, then removes uploaded images no entry shows any more. */
  async function saveEntries(entries: ReadonlyArray<{ key: SystemConfigKey; value: string }>) {
    const before = await systemConfig();
    await repo.upsertEntries(
      SYSTEM_CONFIG_CATEGORY,
      entries.map((entry) => ({ ...entry, sort: SYSTEM_CONFIG_KEYS.indexOf(entry.key) })),
    );
    const after = await systemConfig();
    const shown = new Set(after.map((entry) => entry.value));
    for (const entry of before) {
      const name = uploadedName(entry.value);
      if (name && !shown.has(entry.value)) await blobs.delete(systemBlobKey(name));
    }
    return after;
  }

  return {
    systemConfig,

    async update(entries: ReadonlyArray<{ key: SystemConfigKey; value: string }>) {
      for (const [index, entry] of entries.entries()) {
        const name = uploadedName(entry.value);
        const missing =
          entry.value.startsWith(`${SYSTEM_FILES_URL}/`) && (!name || !(await blobs.stat(systemBlobKey(name))));
        if (missing) {
          throw new AppError('VALIDATION_ERROR', {
            data: { issues: [{ path: `entries.${index}.value`, key: 'invalidValue' }] },
          });
        }
      }
      return saveEntries(entries);
    },

    /** Stores an uploaded logo or icon and makes it the entry's value. */
    async uploadImage(entry: 'logo' | 'icon', data: Buffer): Promise<DictionaryEntry> {
      const type = detectSystemImageType(data);
      if (!type) throw new AppError('FILE_TYPE_ERROR');
      const name = `${entry}-${randomBytes(8).toString('hex')}.${type}`;
      await blobs.put(systemBlobKey(name), data);
      const value = `${SYSTEM_FILES_URL}/${name}`;
      await saveEntries([{ key: entry, value }]);
      return { key: entry, value };
    },

    /** An uploaded logo or icon for the public file route, or null when there is none by that name. */
    async openImage(name: string) {
      if (!SYSTEM_FILE_NAME.test(name)) return null;
      const extension = name.slice(name.lastIndexOf('.') + 1) as SystemImageType;
      return storedFile(blobs, systemBlobKey(name), SYSTEM_IMAGE_TYPES[extension]);
    },

    findData,

    imageCategories() {
      return findData(IMAGE_CATEGORY);
    },

    fileStoreAddress() {
      return { endpoint: '/api/files', bucket: null, ...settings.storage };
    },
  };
}

export type SystemConfigService = ReturnType<typeof createSystemConfigService>;
