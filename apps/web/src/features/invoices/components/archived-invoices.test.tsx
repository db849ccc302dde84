import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoiceQueryOptions } from '../detail/api/get-invoice';
import { buildInvoice } from '../detail/model/test-invoice';
import { buttonsOf, loadTestLanguage, prerenderInvoiceScreen, testSession } from '../detail/model/test-render';
import { ArchivedInvoices } from './archived-invoices';

const CANCELLED = buildInvoice({ status: 'cancelled', cancelReason: 'Doppelt erfasst', version: 5 });

describe('ArchivedInvoices: an archived invoice opened from the archive', () => {
  beforeAll(() => loadTestLanguage('en', ['common', 'invoices', 'invoice-detail', 'organization', 'validation']));

  it('shows the invoice read-only on the archive’s own address, with Restore and the way back to the archive', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(invoiceQueryOptions(CANCELLED.id).queryKey, CANCELLED);
    const html = await prerenderInvoiceScreen(<ArchivedInvoices />, {
      session: testSession({ id: '00000000-0000-4000-8000-000000000001', role: 'admin' }),
      queryClient,
      path: `/demo/archive/invoices/${CANCELLED.id}`,
      route: '/:slug/archive/:tab?/:id?',
    });
    expect(html).toContain('Invoice R-1001');
    expect(html).toContain('Cancelled: Doppelt erfasst');
    expect(html).toContain('This invoice can no longer be edited (status: Cancelled and archived).');
    expect(html).toContain('href="/demo/archive/invoices"');
    expect(buttonsOf(html).map((button) => button.text)).toContain('Restore');
    expect(html).not.toContain('data-testid="archive-row"');
  });
});
