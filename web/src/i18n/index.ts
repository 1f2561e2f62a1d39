import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { CATALOGUES, DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sightline/shared';
import { LANGUAGE_STORAGE_KEY, isLanguage, normalizeLanguage } from './language';

const resources = Object.fromEntries(LANGUAGES.map((language) => [language, { translation: CATALOGUES[language] }]));

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    // The catalogues write placeholders as {name}, as SPEC's texts do.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // Only an explicit choice is stored (setLanguage); a detected language follows the browser.
      caches: [],
      convertDetectedLanguage: (tag: string) => normalizeLanguage(tag) ?? tag,
    },
    returnNull: false,
  });

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** An explicit choice (header switcher, personal centre): applied and kept in local storage. */
export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}

const SIGN_IN_CHOICE_KEY = 'sightline.languageBeforeSignIn';

/** A language picked on a signed-out page (login, register): the next sign-in keeps it with the user. */
export function rememberSignInLanguage(language: Language): void {
  sessionStorage.setItem(SIGN_IN_CHOICE_KEY, language);
}

/** The language picked before this sign-in, once: null when none was picked. */
export function takeSignInLanguage(): Language | null {
  const chosen = sessionStorage.getItem(SIGN_IN_CHOICE_KEY);
  sessionStorage.removeItem(SIGN_IN_CHOICE_KEY);
  return isLanguage(chosen) ? chosen : null;
}

/**
 * Translates a key that is only known at run time (an error key from the server, a menu name).
 * Typed keys are for the code; data-driven keys go through here.
 */
export function translate(key: string, params?: Record<string, string | number>): string {
  return (i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string)(key, params);
}

export function hasTranslation(key: string): boolean {
  return i18n.exists(key);
}

export { i18n };
