import { describe, expect, it } from 'vitest';
import errorsDe from '@kontor/domain/locales/de/errors.json';
import errorsEn from '@kontor/domain/locales/en/errors.json';
import validationDe from '@kontor/domain/locales/de/validation.json';
import validationEn from '@kontor/domain/locales/en/validation.json';
import { NAMESPACES } from '../lib/i18n';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function bundle(language: 'de' | 'en'): Map<string, Tree> {
  const namespaces = new Map<string, Tree>();
  for (const [path, tree] of Object.entries(files)) {
    const match = /^\.\/(de|en)\/(.+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) namespaces.set(match[2], tree);
  }
  namespaces.set('errors', (language === 'de' ? errorsDe : errorsEn) as Tree);
  namespaces.set('validation', (language === 'de' ? validationDe : validationEn) as Tree);
  return namespaces;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const de = bundle('de');
const en = bundle('en');

describe('locale files', () => {
  it('exist for every namespace the app loads, in both languages', () => {
    expect([...de.keys()].sort()).toEqual([...NAMESPACES].sort());
    expect([...en.keys()].sort()).toEqual([...NAMESPACES].sort());
  });

  for (const namespace of NAMESPACES) {
    describe(namespace, () => {
      const german = flatten(de.get(namespace) ?? {});
      const english = flatten(en.get(namespace) ?? {});

      it('has identical keys in de and en', () => {
        expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('has no empty texts and the same placeholders in both languages', () => {
        for (const [key, text] of english) {
          expect(text.trim(), `en ${namespace}:${key}`).not.toBe('');
          expect(german.get(key)?.trim(), `de ${namespace}:${key}`).not.toBe('');
          expect(placeholders(german.get(key) ?? ''), `${namespace}:${key}`).toEqual(placeholders(text));
        }
      });
    });
  }
});
