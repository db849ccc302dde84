import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { buttonsOf, loadTestLanguage, renderInvoiceScreen, testSession } from '../detail/model/test-render';
import { ArchiveTable } from './archive-table';

const CANCELLED: InvoiceListItem = {
  id: '0b0c3a5e-6f1d-4c59-9a53-0d7f3c1e2a10',
  status: 'cancelled',
  ocrStatus: 'done',
  matchingStatus: 'not_matched',
  counterpartyName: 'Muster GmbH',
  invoiceNumber: 'R-1001',
  date: '2026-11-02',
  dueDate: '2026-11-30',
  totalAmount: 11_900,
  currency: 'EUR',
  type: 'invoice',
  costCenter: null,
  version: 4,
  fileName: 'r-1001.pdf',
  cancelReason: 'Doppelt erfasst',
  createdAt: '2026-11-02T08:00:00+00:00',
};

function renderArchive(items: InvoiceListItem[]): string {
  return renderInvoiceScreen(
    <ArchiveTable
      items={items}
      sort="date"
      direction="desc"
      onSort={() => undefined}
      restoringId={null}
      onRestore={() => undefined}
      onOpen={() => undefined}
    />,
    { session: testSession({ id: '00000000-0000-4000-8000-000000000001' }) },
  );
}

/** The opening tag of each archive row. */
const rowTags = (html: string) => [...html.matchAll(/<tr [^>]*data-testid="archive-row"[^>]*>/g)].map(([tag]) => tag);

describe('ArchiveTable', () => {
  beforeAll(() => loadTestLanguage('en', ['common', 'invoices']));

  it('makes each row open its invoice, by click or keyboard, like the overview’s rows', () => {
    const [row] = rowTags(
      renderArchive([CANCELLED, { ...CANCELLED, id: '0b0c3a5e-6f1d-4c59-9a53-0d7f3c1e2a11', status: 'archived' }]),
    );
    expect(row).toContain('tabindex="0"');
    expect(row).toContain('cursor-pointer');
  });

  it('keeps Restore on every row', () => {
    const html = renderArchive([CANCELLED]);
    expect(buttonsOf(html).map((button) => button.text)).toContain('Restore');
    expect(html).toContain('Doppelt erfasst');
  });

  it('shows a row still being read as not to be opened', () => {
    const [row] = rowTags(renderArchive([{ ...CANCELLED, ocrStatus: 'processing' }]));
    expect(row).toContain('aria-disabled="true"');
    expect(row).toContain('cursor-not-allowed');
  });
});
