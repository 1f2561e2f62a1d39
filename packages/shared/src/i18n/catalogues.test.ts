import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../errors.js';
import { LANGUAGES } from '../limits.js';
import { SESSION_END_REASONS } from '../schemas/auth.js';
import { CATALOGUES, interpolate, translateError } from './index.js';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((flat, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...flat, [path]: value } : { ...flat, ...flatten(value, path) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('translation catalogues (drift check)', () => {
  const reference = flatten(CATALOGUES['zh-CN'] as unknown as Tree);

  it.each(LANGUAGES)('%s has exactly the keys of zh-CN, none empty but fragments', (language) => {
    const catalogue = flatten(CATALOGUES[language] as unknown as Tree);
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(reference).sort());
    // Sentence fragments around a link may be empty where a language's word order needs none.
    const fragment = (key: string) => /(Prefix|Suffix)$/.test(key);
    expect(Object.entries(catalogue).filter(([key, text]) => text.trim() === '' && !fragment(key))).toEqual([]);
  });

  it.each(LANGUAGES)('%s uses the same placeholders as zh-CN in every text', (language) => {
    const catalogue = flatten(CATALOGUES[language] as unknown as Tree);
    const mismatched = Object.keys(reference).filter(
      (key) =>
        JSON.stringify(placeholders(reference[key] ?? '')) !== JSON.stringify(placeholders(catalogue[key] ?? '')),
    );
    expect(mismatched).toEqual([]);
  });

  it('has a text for every error key in every language', () => {
    for (const language of LANGUAGES) {
      for (const key of ERROR_KEYS) expect(CATALOGUES[language].errors[key], `${language} ${key}`).toBeTruthy();
    }
  });

  it('explains every reason the server may end a session for, in every language', () => {
    for (const language of LANGUAGES) {
      const texts: Record<string, string> = CATALOGUES[language].ui.session.offline;
      for (const reason of SESSION_END_REASONS) expect(texts[reason], `${language} ${reason}`).toBeTruthy();
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translateError('en', 'TEAM_INVITATION_CODE_INVALID', { count: 3 })).toBe(
      'Wrong invitation password; 3 attempts left',
    );
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
