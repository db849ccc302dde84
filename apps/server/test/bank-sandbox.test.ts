import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, isIban, todayIso } from '@kontor/domain';
import { bankConnections, invoices } from '../src/db/schema';
import { sandboxIban } from '../src/modules/bank-connections/sandbox/sandbox-institutions';
import { paysInPart } from '../src/modules/bank-connections/sandbox/sandbox-statement';
import { answerConsent, createSandboxTestApp, type SandboxTestApp } from './bank-connection-fixtures';
import { providerContract } from './bank-provider-contract';
import { createOrganizationWithAdmin } from './factories';

let testApp: SandboxTestApp;

beforeAll(async () => {
  testApp = await createSandboxTestApp();
});
afterAll(async () => testApp.close());

providerContract('built-in sandbox bank', () => ({
  provider: testApp.sandbox,
  country: 'DE',
  grant: async (redirectUrl) => void (await answerConsent(testApp, redirectUrl, 'allow')),
  deny: async (redirectUrl) => void (await answerConsent(testApp, redirectUrl, 'deny')),
}));

const CALLBACK = 'http://localhost:3000/api/bank-connections/callback';

describe('the sandbox bank', () => {
  it('offers demo banks in Germany, Austria and other EU countries with valid IBANs', async () => {
    const names = async (country: string) => (await testApp.sandbox.institutions(country)).map((item) => item.name);
    expect(await names('DE')).toEqual(expect.arrayContaining(['Sandbox Sparkasse', 'Sandbox Volksbank']));
    expect(await names('AT')).toContain('Sandbox Erste Bank');
    for (const country of ['NL', 'BE', 'LU', 'IT', 'IE']) expect((await names(country)).length).toBeGreaterThan(0);
    expect(await names('US')).toEqual([]);
    for (const country of ['DE', 'AT', 'NL', 'BE', 'LU', 'IT', 'IE']) {
      for (const institution of await testApp.sandbox.institutions(country)) {
        expect(isIban(sandboxIban(institution.id, 0)), institution.id).toBe(true);
        expect(sandboxIban(institution.id, 0).startsWith(country)).toBe(true);
      }
    }
  });

  it('shows its consent page in the browser’s language and sends the person back with the reference', async () => {
    const reference = `ref-${randomUUID()}`;
    const started = await testApp.sandbox.startConsent({
      institutionId: 'SANDBOX_ERSTE_AT',
      redirectUrl: CALLBACK,
      reference,
      validForDays: 180,
    });
    const path = new URL(started.redirectUrl).pathname;
    const german = await fetch(`${testApp.origin}${path}`, { headers: { 'accept-language': 'de-AT,de;q=0.9' } });
    expect(german.status).toBe(200);
    const page = await german.text();
    expect(page).toContain('Sandbox Erste Bank');
    expect(page).toContain('Zugriff erlauben');
    expect(page).toContain(sandboxIban('SANDBOX_ERSTE_AT', 0));
    const english = await (await fetch(`${testApp.origin}${path}`, { headers: { 'accept-language': 'en' } })).text();
    expect(english).toContain('Allow access');

    const location = new URL(await answerConsent(testApp, started.redirectUrl, 'deny'));
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('ref')).toBe(reference);
    expect(location.searchParams.get('error')).toBe('access_denied');
    // Answered once: the page says so, and a second answer changes nothing.
    expect((await fetch(`${testApp.origin}${path}`)).status).toBe(409);
    const again = await fetch(`${testApp.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=allow',
      redirect: 'manual',
    });
    expect(again.status).toBe(409);
    expect((await testApp.sandbox.consent(started.consentId)).status).toBe('denied');
  });

  it('keeps its JSON to Kontor: without the API key it answers 401', async () => {
    const response = await fetch(`${testApp.origin}/sandbox-bank/api/institutions?country=DE`);
    expect(response.status).toBe(401);
  });

  it('ends access when the consent lapses', async () => {
    const started = await testApp.sandbox.startConsent({
      institutionId: 'SANDBOX_VOLKSBANK_DE',
      redirectUrl: CALLBACK,
      reference: 'lapse',
      validForDays: 180,
    });
    await answerConsent(testApp, started.redirectUrl, 'allow');
    const { accountIds } = await testApp.sandbox.consent(started.consentId);
    await testApp.database.pool.query(
      `update sandbox_bank_consents set valid_until = now() - interval '1 minute' where id = $1`,
      [started.consentId],
    );
    expect((await testApp.sandbox.consent(started.consentId)).status).toBe('expired');
    await expect(testApp.sandbox.account(accountIds[0]!)).rejects.toMatchObject({ code: 'refused', transient: false });
  });

  it('pays the connected organisation’s invoices by their number: in full, in part, and less skonto', async () => {
    const org = await createOrganizationWithAdmin(testApp, 'Zahler GmbH');
    const started = await testApp.sandbox.startConsent({
      institutionId: 'SANDBOX_SPARKASSE_DE',
      redirectUrl: CALLBACK,
      reference: 'invoices',
      validForDays: 180,
    });
    await testApp.database.db.insert(bankConnections).values({
      organizationId: org.id,
      provider: 'sandbox',
      institutionId: 'SANDBOX_SPARKASSE_DE',
      institutionName: 'Sandbox Sparkasse',
      country: 'DE',
      consentId: started.consentId,
      status: 'awaiting_accounts',
    });
    const today = todayIso();
    const invoice = (number: string, totalAmount: number, extra: Partial<typeof invoices.$inferInsert> = {}) => ({
      organizationId: org.id,
      status: 'approved' as const,
      invoiceNumber: number,
      totalAmount,
      currency: 'EUR',
      counterpartyName: 'Bürowelt Schneider GmbH',
      counterpartyIban: 'DE25700202700015040123',
      date: addDaysIso(today, -20),
      ...extra,
    });
    const numbers = Array.from({ length: 100 }, (_, index) => `RE-2026-1${index}`);
    const partlyPaid = numbers.find(paysInPart)!;
    const fullyPaid = numbers.find((number) => !paysInPart(number))!;
    const rows = [
      invoice(fullyPaid, 119_000),
      invoice('RE-2026-0002', 59_500, { skontoRate: 200, skontoDate: addDaysIso(today, -5) }),
      invoice(partlyPaid, 20_000),
      invoice('STORNO-1', 5_000, { status: 'cancelled' }),
    ];
    await testApp.database.db.insert(invoices).values(rows);
    await answerConsent(testApp, started.redirectUrl, 'allow');
    const [business, savings] = (await testApp.sandbox.consent(started.consentId)).accountIds;
    const account = await testApp.sandbox.account(business!);
    expect(account).toMatchObject({
      iban: sandboxIban('SANDBOX_SPARKASSE_DE', 0),
      name: 'Geschäftskonto',
      ownerName: 'Zahler GmbH',
    });

    const transactions = await testApp.sandbox.transactions(business!, addDaysIso(today, -90));
    const paying = (number: string) => transactions.filter((transaction) => transaction.remittanceInformation?.includes(number));
    expect(paying(fullyPaid)).toEqual([
      expect.objectContaining({ amount: -119_000, counterpartyIban: 'DE25700202700015040123', remittanceInformation: fullyPaid }),
    ]);
    expect(paying('RE-2026-0002')).toEqual([
      expect.objectContaining({ amount: -(59_500 - 1_190), remittanceInformation: 'RE-2026-0002 abzgl. 2 % Skonto' }),
    ]);
    expect(paying(partlyPaid)).toEqual([
      expect.objectContaining({ amount: -10_000, remittanceInformation: `Teilzahlung ${partlyPaid}` }),
    ]);
    expect(paying('STORNO-1')).toEqual([]);
    // Everyday life around them: rent, customers paying in.
    expect(transactions.some((transaction) => transaction.remittanceInformation?.startsWith('Miete Büro'))).toBe(true);
    expect(transactions.some((transaction) => transaction.amount > 0)).toBe(true);
    expect(transactions.every((transaction) => transaction.bookingDate <= today)).toBe(true);
    // The savings account has interest only, and no invoice is paid from it.
    const interest = await testApp.sandbox.transactions(savings!, addDaysIso(today, -90));
    expect(interest.every((transaction) => transaction.remittanceInformation === 'Zinsgutschrift')).toBe(true);
    await testApp.database.db.delete(bankConnections).where(eq(bankConnections.consentId, started.consentId));
  });
});
