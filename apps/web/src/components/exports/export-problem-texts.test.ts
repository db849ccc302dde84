import { describe, expect, it } from 'vitest';
import { EXPORT_PROBLEM_CODES, EXPORT_PROBLEM_FIELDS } from '@kontor/domain/exports/export-formats';
import de from '../../locales/de/exports.json';
import en from '../../locales/en/exports.json';

/**
 * The export dialog shows each problem by its code and names its field in the reader's words
 * (export-problem-list.tsx): every code and field the server can send needs both texts.
 */
describe('export problem texts', () => {
  for (const [language, texts] of [
    ['de', de],
    ['en', en],
  ] as const) {
    it(`${language}: has a sentence for every problem code`, () => {
      const problems: Record<string, string> = texts.problems;
      expect(EXPORT_PROBLEM_CODES.filter((code) => !problems[code]?.trim())).toEqual([]);
    });

    it(`${language}: names every field a problem can point at`, () => {
      const fields: Record<string, string> = texts.problemFields;
      expect(EXPORT_PROBLEM_FIELDS.filter((field) => !fields[field]?.trim())).toEqual([]);
    });
  }
});
