import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES } from '@sightline/shared';
import { isLanguage, normalizeLanguage, pickLanguage } from './language';

describe('language choice', () => {
  it('maps browser tags to our three languages', () => {
    expect(normalizeLanguage('zh-TW')).toBe('zh-CN');
    expect(normalizeLanguage('zh')).toBe('zh-CN');
    expect(normalizeLanguage('en-GB')).toBe('en');
    expect(normalizeLanguage('ja-JP')).toBe('ja');
    expect(normalizeLanguage('fr-FR')).toBeNull();
    expect(normalizeLanguage('')).toBeNull();
  });

  it('prefers the stored choice, then the browser, then Chinese', () => {
    expect(pickLanguage('ja', ['en-US'])).toBe('ja');
    expect(pickLanguage(null, ['fr-FR', 'en-US'])).toBe('en');
    expect(pickLanguage('klingon', ['de-DE', 'fr'])).toBe('zh-CN');
    expect(pickLanguage(undefined, [])).toBe('zh-CN');
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('en-US')).toBe(false);
  });
});

describe('catalogues of the web', () => {
  type Tree = { [key: string]: string | Tree };
  const keysOf = (tree: Tree, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
    );

  it('has the same ui and menu keys, none empty (but link prefixes and suffixes), in every language', () => {
    const reference = keysOf({ ui: CATALOGUES['zh-CN'].ui, menu: CATALOGUES['zh-CN'].menu } as Tree).sort();
    for (const language of LANGUAGES) {
      const catalogue = CATALOGUES[language];
      const tree = { ui: catalogue.ui, menu: catalogue.menu } as Tree;
      expect(keysOf(tree).sort()).toEqual(reference);
      const empty = keysOf(tree).filter((key) => {
        const value = key
          .split('.')
          .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
        // Word order differs: a language may leave the text before or after a link empty.
        if (/(Prefix|Suffix)$/.test(key)) return typeof value !== 'string';
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('uses the same {name} placeholders as Chinese for every text', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join(',');
    const textAt = (tree: Tree, key: string) =>
      key
        .split('.')
        .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
    const reference = { ui: CATALOGUES['zh-CN'].ui, menu: CATALOGUES['zh-CN'].menu } as Tree;
    for (const language of LANGUAGES) {
      const tree = { ui: CATALOGUES[language].ui, menu: CATALOGUES[language].menu } as Tree;
      for (const key of keysOf(reference)) {
        const expected = placeholders(String(textAt(reference, key)));
        expect(`${language} ${key}: ${placeholders(String(textAt(tree, key)))}`).toBe(
          `${language} ${key}: ${expected}`,
        );
      }
      expect(JSON.stringify(tree)).not.toMatch(/\{\{/);
    }
  });
});
