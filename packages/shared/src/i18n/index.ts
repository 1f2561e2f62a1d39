import type { ErrorKey } from '../errors.js';
import type { Language } from '../limits.js';
import { en } from './en.js';
import { ja } from './ja.js';
import { zhCN, type Catalogue } from './zh-CN.js';

// Compile-time proof that every error key has a text in the reference catalogue and no text lacks a key.
type ExactKeys<A, B> = [Exclude<keyof A, B>, Exclude<B, keyof A>] extends [never, never] ? true : never;
const everyErrorHasText: ExactKeys<Catalogue['errors'], ErrorKey> = true;
void everyErrorHasText;

export type { Catalogue };
export const CATALOGUES: Record<Language, Catalogue> = { 'zh-CN': zhCN, en, ja };

export type ValidationKey = keyof Catalogue['validation'];

/** Replaces `{name}` placeholders, the form SPEC's texts use ({num}, {count}, ...). */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function translateError(language: Language, key: ErrorKey, params?: Record<string, string | number>): string {
  return interpolate(CATALOGUES[language].errors[key], params);
}
