import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sightline/shared';

export const LANGUAGE_STORAGE_KEY = 'language';

/** Each language named in itself, so a reader of any language finds theirs. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  ja: '日本語',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a BCP 47 tag to one of our languages: every Chinese variant to zh-CN, en-* to en, ja-* to ja. */
export function normalizeLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const primary = lower.split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en';
  if (primary === 'ja') return 'ja';
  return null;
}

/** The stored choice wins; then the browser's languages in order; Chinese when none is ours (SPEC section 1). */
export function pickLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = normalizeLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
