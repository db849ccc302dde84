import type { StoredBankFileImportProblem } from '@kontor/domain';
import type { SkipReason, WarningCode } from '@kontor/formats';

/** What the job collects for one batch: the file's entries in order, numbered from 1. */
export interface RecordEntry<T> {
  kind: 'record';
  entry: number;
  line: number;
  record: T;
}

/** An entry the reader itself could not use (its reason code is passed through). */
export interface ReaderSkippedEntry {
  kind: 'skipped';
  entry: number;
  line: number;
  reason: SkipReason;
}

export type ImportEntry<T> = RecordEntry<T> | ReaderSkippedEntry;

export type Problem = StoredBankFileImportProblem;

/** What a batch made: counted per entry (created + skipped = entries), problems in file order. */
export interface BatchOutcome {
  created: number;
  skipped: number;
  problems: Problem[];
}

export function skippedProblem(entry: number, line: number, code: string, params?: Problem['params']): Problem {
  return { kind: 'skipped', code, entry, line, ...(params ? { params } : {}) };
}

export function warningProblem(
  entry: number | undefined,
  line: number | undefined,
  code: string,
  params?: Problem['params'],
): Problem {
  return {
    kind: 'warning',
    code,
    ...(entry !== undefined ? { entry } : {}),
    ...(line !== undefined ? { line } : {}),
    ...(params ? { params } : {}),
  };
}

/** A reader warning (control sums, repaired markup, a dropped IBAN …), attached to the entry read last. */
export function readerWarning(code: WarningCode, line: number, entry: number | undefined): Problem {
  return warningProblem(entry, line, code);
}

/** The reader's skips as problems; the entries before them in the batch keep their order. */
export function readerSkips(entries: readonly ImportEntry<unknown>[]): Problem[] {
  return entries.flatMap((entry) => (entry.kind === 'skipped' ? [skippedProblem(entry.entry, entry.line, entry.reason)] : []));
}

/** Problems of one batch in file order (stable: an entry's skip before the warnings about it). */
export function inFileOrder(problems: Problem[]): Problem[] {
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => (a.problem.entry ?? 0) - (b.problem.entry ?? 0) || a.index - b.index)
    .map(({ problem }) => problem);
}

/**
 * A copy of a text value that shares no memory with the file's text. Values the reader yields are
 * slices of the 64 KB chunk they were read from, and V8 keeps a whole chunk alive for a slice of
 * it: a batch of 1,000 entries held across a database round trip would move hundreds of chunks
 * into the old generation (the server's memory then grew by ~150 MB over a 100,000-entry file).
 */
export function detached(text: string): string;
export function detached(text: string | null): string | null;
export function detached(text: string | null): string | null {
  return text === null ? null : Buffer.from(text, 'utf8').toString('utf8');
}
