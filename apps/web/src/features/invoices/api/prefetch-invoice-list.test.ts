import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS, toListRequest } from '../components/list-query';
import { invoiceListQueryOptions } from './list-invoices';
import { prefetchInvoiceList } from './prefetch-invoice-list';

const PAGE = { items: [], nextCursor: null, counts: { new: 0 } };
let fetchMock: ReturnType<typeof vi.fn<(url: string) => Promise<Response>>>;

beforeEach(() => {
  fetchMock = vi.fn<(url: string) => Promise<Response>>(
    async () => new Response(JSON.stringify(PAGE), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetchInvoiceList', () => {
  it('reads the address as the overview does and caches the page under the overview’s key', async () => {
    const queryClient = new QueryClient();
    await prefetchInvoiceList(
      queryClient,
      'rejected',
      new URLSearchParams('search=Huber&sort=totalAmount&direction=desc&amountMin=1.234,50'),
    );
    const request = toListRequest('rejected', {
      ...DEFAULT_FILTERS,
      search: 'Huber',
      sort: 'totalAmount',
      direction: 'desc',
      amountMin: '1.234,50',
    });
    expect(queryClient.getQueryData(invoiceListQueryOptions(request).queryKey)?.pages).toEqual([PAGE]);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/api/invoices?tab=rejected&sort=totalAmount&direction=desc&search=Huber&amountMin=123450&limit=50',
    );
  });

  it('asks for the default tab on an unknown one, and drops malformed filters', async () => {
    const queryClient = new QueryClient();
    await prefetchInvoiceList(queryClient, 'bogus', new URLSearchParams('dueFrom=tomorrow&costCenterId=1'));
    expect(queryClient.getQueryData(invoiceListQueryOptions(toListRequest('new', DEFAULT_FILTERS)).queryKey)).toBeDefined();
  });
});
