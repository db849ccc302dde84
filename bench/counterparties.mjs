// Counterparty search on the large organisation of `npm run seed:large` (20,000 counterparties):
// GET /api/counterparties?search=… at 20 connections (target p99 ≤ 30 ms), for a rare name, a
// frequent name, an AP number, a VAT number start and an IBAN start (41 of the seed's distinct IBANs
// start with "DE89 3704"), next to the unfiltered first page.
import { apiLatency } from './invoices.mjs';

const SEARCHES = {
  rareName: 'Huber Logistik',
  frequentName: 'Müller',
  accountsPayableNumber: '70123',
  vatNumber: 'DE100012',
  ibanStart: 'DE89 3704',
};

export async function measureCounterparties({ baseUrl, cookie }) {
  const page = (query) => `${baseUrl}/api/counterparties?limit=50${query}`;
  const results = { firstPage: await apiLatency(page(''), cookie), search: {} };
  for (const [label, term] of Object.entries(SEARCHES)) {
    results.search[label] = { term, ...(await apiLatency(page(`&search=${encodeURIComponent(term)}`), cookie)) };
  }
  results.lookup = await apiLatency(
    `${baseUrl}/api/counterparties/lookup?search=${encodeURIComponent('Huber')}&limit=20`,
    cookie,
  );
  return results;
}
