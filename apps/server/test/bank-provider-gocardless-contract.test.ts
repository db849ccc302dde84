import { afterAll } from 'vitest';
import { addDaysIso } from '@kontor/domain';
import { createGoCardlessProvider } from '../src/modules/bank-connections/gocardless/gocardless-provider';
import { providerContract } from './bank-provider-contract';
import { startGoCardlessFake, type GoCardlessFake } from './fakes/gocardless-fake';

// The same contract the sandbox bank passes, for the GoCardless adapter against the local fake of its API.
let fake: GoCardlessFake | null = null;
afterAll(async () => fake?.close());

providerContract('GoCardless Bank Account Data (local fake)', async () => {
  fake = await startGoCardlessFake();
  const running = fake;
  // The fake's bookings are dated for the adapter's own test (March 2025, a fixed clock); the
  // contract asks for the last 60 days of today: move each booking by the same number of days.
  const shift = Math.round((Date.now() - Date.parse('2025-03-14')) / 86_400_000);
  for (const templates of Object.values(running.accounts)) {
    for (const template of templates) {
      for (const booking of template.booked) {
        if (booking.bookingDate) booking.bookingDate = addDaysIso(booking.bookingDate, shift);
      }
    }
  }
  return {
    provider: createGoCardlessProvider({ baseUrl: running.baseUrl, secretId: running.secretId, secretKey: running.secretKey }),
    country: 'DE',
    grant: async (redirectUrl) => {
      await running.visit(redirectUrl, 'grant');
    },
    deny: async (redirectUrl) => {
      await running.visit(redirectUrl, 'deny');
    },
  };
});
