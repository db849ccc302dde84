import type { Locale } from '@kontor/domain';
import de from '@kontor/domain/locales/de/counterparty-import.json' with { type: 'json' };
import en from '@kontor/domain/locales/en/counterparty-import.json' with { type: 'json' };
import type { StoredImportRowResult } from '../../db/schema';
import { csvDelimiter, csvDocument, csvLine } from '../../lib/csv-file';
import { translateValidation } from '../../lib/i18n';

/**
 * Stored problems are codes with parameters (the import may be read in another language than it
 * ran in); they become sentences here, per request: form-rule codes from validation.json, the
 * import's own (repeated in the file, unknown country…) from counterparty-import.json.
 */
const texts: Record<Locale, typeof en> = { de, en };

type StoredProblem = NonNullable<StoredImportRowResult['problems']>[number];

function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

export function problemMessage(problem: StoredProblem, locale: Locale): string {
  const own = (texts[locale].problems as Record<string, string>)[problem.code];
  return own ? fill(own, problem.params) : translateValidation(problem.code, locale, problem.params);
}

export function translateProblems(problems: StoredProblem[], locale: Locale) {
  return problems.map((problem) => ({ field: problem.field, code: problem.code, message: problemMessage(problem, locale) }));
}

export function columnLabel(field: string, locale: Locale): string {
  return (texts[locale].columns as Record<string, string>)[field] ?? field;
}

/**
 * The result as the user downloads it: row, outcome, name, reasons, in the caller's language;
 * German with `;` (what German Excel opens by double-click), English with `,`; a BOM so that
 * Excel reads UTF-8.
 */
export function resultCsv(results: StoredImportRowResult[], locale: Locale): string {
  const delimiter = csvDelimiter(locale);
  const labels = texts[locale].csv;
  const line = (cells: (string | number)[]) => csvLine(cells, delimiter);
  const lines = [line([labels.row, labels.outcome, labels.name, labels.reasons])];
  for (const result of results) {
    const reasons = (result.problems ?? [])
      .map((problem) => `${columnLabel(problem.field, locale)}: ${problemMessage(problem, locale)}`)
      .join(' | ');
    lines.push(line([result.row, labels[result.outcome], result.name ?? '', reasons]));
  }
  return csvDocument(lines);
}
