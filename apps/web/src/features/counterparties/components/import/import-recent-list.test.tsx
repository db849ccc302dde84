import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@kontor/domain/auth';
import type { CounterpartyImportSummary } from '@kontor/domain/counterparties/counterparty-import';
import { ApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { i18n, initI18n } from '@/lib/i18n';
import { importQueryKeys } from './import-api';
import { ImportRecentList } from './import-recent-list';

const DONE: CounterpartyImportSummary = {
  id: '00000000-0000-4000-8000-0000000000a1',
  fileName: 'lieferanten.csv',
  format: 'csv',
  status: 'done',
  totalRows: 1000,
  processedRows: 1000,
  createdCount: 997,
  skippedCount: 3,
  failureCode: null,
  createdAt: '2026-11-20T09:14:00.000Z',
  finishedAt: '2026-11-20T09:15:30.000Z',
  createdByName: 'Clara Clerk',
};
const RUNNING: CounterpartyImportSummary = {
  ...DONE,
  id: '00000000-0000-4000-8000-0000000000a2',
  fileName: 'kunden.xlsx',
  format: 'xlsx',
  status: 'running',
  totalRows: 20000,
  processedRows: 1500,
  createdCount: 1500,
  skippedCount: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  finishedAt: null,
  createdByName: null,
};
const FAILED: CounterpartyImportSummary = {
  ...DONE,
  id: '00000000-0000-4000-8000-0000000000a3',
  fileName: 'kaputt.csv',
  status: 'failed',
  processedRows: 0,
  createdCount: 0,
  skippedCount: 0,
  failureCode: 'import_malformed_csv',
};

async function useLanguage(locale: Locale): Promise<void> {
  if (!i18n.isInitialized) await initI18n(locale);
  await i18n.changeLanguage(locale);
  // A namespace still loading would suspend, and a static render cannot wait for it.
  await i18n.loadNamespaces(['common', 'counterparty-import']);
}

/** The list as the dialog shows it, with the query's state prepared (no request is made in a static render). */
function renderList(prepare: (queryClient: QueryClient) => void = () => undefined, disabled = false): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prepare(queryClient);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ImportRecentList onOpen={() => undefined} disabled={disabled} />
    </QueryClientProvider>,
  );
}
const withItems = (items: CounterpartyImportSummary[]) => (queryClient: QueryClient) =>
  queryClient.setQueryData(importQueryKeys.recent(), { items });

/** Each entry's text, tags stripped, one string per entry. */
const entries = (html: string) =>
  [...html.matchAll(/<li[^>]*data-testid="import-recent-item"[^>]*>([\s\S]*?)<\/li>/g)].map(([, inner = '']) =>
    inner
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
const buttonLabels = (html: string) => [...html.matchAll(/<button[^>]*aria-label="([^"]+)"/g)].map(([, label]) => label);

describe('ImportRecentList', () => {
  describe('in English', () => {
    beforeAll(() => useLanguage('en'));

    it('shows each import with file name, start, starter, counts and status; a running one is followed, a finished one opened', () => {
      const html = renderList(withItems([RUNNING, DONE, FAILED]));
      expect(html).toContain('Recent imports');
      expect(entries(html)).toEqual([
        `kunden.xlsx Started ${formatDateTime(RUNNING.createdAt, 'en')} 1,500 of 20,000 rows checked Running Follow progress`,
        `lieferanten.csv Started ${formatDateTime(DONE.createdAt, 'en')} by Clara Clerk 997 created, 3 not created Done Show result`,
        `kaputt.csv Started ${formatDateTime(FAILED.createdAt, 'en')} by Clara Clerk 0 created, 0 not created Failed Show result`,
      ]);
      expect(buttonLabels(html)).toEqual([
        'Follow progress: kunden.xlsx',
        'Show result: lieferanten.csv',
        'Show result: kaputt.csv',
      ]);
      // The badge's tone says what the result says: rows not created warn, a failure is an error.
      expect(html).toMatch(/bg-info-background[^"]*">Running</);
      expect(html).toMatch(/bg-warning-background[^"]*">Done</);
      expect(html).toMatch(/bg-danger-background[^"]*">Failed</);
    });

    it('says so when there is no import yet', () => {
      const html = renderList(withItems([]));
      expect(html).toContain('No imports yet.');
      expect(html).not.toContain('import-recent-item');
    });

    it('shows that it loads, before the answer is there', () => {
      const html = renderList();
      expect(html).toContain('role="status"');
      expect(html).toContain('Loading recent imports…');
    });

    it('names a failed load and offers to try again', () => {
      const html = renderList((queryClient) => {
        // As after the request failed while the list was shown (mounting anew would ask again).
        queryClient.setDefaultOptions({ queries: { retry: false, retryOnMount: false } });
        queryClient
          .getQueryCache()
          .build(queryClient, { queryKey: importQueryKeys.recent() })
          .setState({
            status: 'error',
            error: new ApiError({ status: 500, code: 'internal', message: 'Something went wrong.' }),
            fetchStatus: 'idle',
          });
      });
      expect(html).toContain('role="alert"');
      expect(html).toContain('The recent imports could not be loaded.');
      expect(html).toMatch(/<button[^>]*>Try again<\/button>/);
    });

    it('keeps the entries from being opened while a file uploads', () => {
      const html = renderList(withItems([DONE]), true);
      expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Show result: lieferanten.csv"/);
    });
  });

  describe('in German', () => {
    beforeAll(() => useLanguage('de'));

    it('words the list, the dates and the numbers in German', () => {
      const html = renderList(withItems([RUNNING, DONE]));
      expect(html).toContain('Letzte Importe');
      expect(entries(html)).toEqual([
        `kunden.xlsx Gestartet am ${formatDateTime(RUNNING.createdAt, 'de')} 1.500 von 20.000 Zeilen geprüft Läuft Fortschritt verfolgen`,
        `lieferanten.csv Gestartet am ${formatDateTime(DONE.createdAt, 'de')} von Clara Clerk 997 angelegt, 3 nicht angelegt Abgeschlossen Ergebnis anzeigen`,
      ]);
      expect(renderList(withItems([]))).toContain('Noch keine Importe.');
    });
  });
});
