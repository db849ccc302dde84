import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEuVatNumber, isIban } from '@kontor/domain';
import { seedDemoData } from '../src/db/seed/demo';
import {
  companyBankAccounts,
  costCenters,
  counterparties,
  counterpartyBankAccounts,
  ledgerAccounts,
  organizations,
} from '../src/db/schema';
import { createTestApp, type TestApp } from './harness';

describe('demo seed: master data', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => testApp.close());

  async function countsOf(slug: string) {
    const { db } = testApp.database;
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.slug, slug));
    const id = org!.id;
    return {
      costCenters: await db.select().from(costCenters).where(eq(costCenters.organizationId, id)),
      ledgerAccounts: await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.organizationId, id)),
      bankAccounts: await db.select().from(companyBankAccounts).where(eq(companyBankAccounts.organizationId, id)),
      counterparties: await db.select().from(counterparties).where(eq(counterparties.organizationId, id)),
      counterpartyIbans: await db.select().from(counterpartyBankAccounts).where(eq(counterpartyBankAccounts.organizationId, id)),
    };
  }

  it('gives Demo GmbH and Muster AG cost centres, SKR03 accounts, a default debitor and suppliers, idempotently', async () => {
    await seedDemoData(testApp.database, testApp.config);
    await seedDemoData(testApp.database, testApp.config);
    for (const slug of ['demo', 'muster']) {
      const seeded = await countsOf(slug);
      expect(seeded.costCenters.filter((row) => row.type === 1)).toHaveLength(6);
      expect(seeded.costCenters.filter((row) => row.type === 2)).toHaveLength(3);
      expect(seeded.ledgerAccounts.map((row) => row.code)).toContain('4930');
      expect(seeded.ledgerAccounts).toHaveLength(10);
      expect(seeded.bankAccounts).toHaveLength(1);
      expect(seeded.bankAccounts[0]).toMatchObject({ isDefaultDebitor: true });
      expect(seeded.counterparties).toHaveLength(8);
      expect(seeded.counterparties.every((row) => row.vatNumber && isEuVatNumber(row.vatNumber))).toBe(true);
      expect(new Set(seeded.counterparties.map((row) => row.accountsPayableNumber)).size).toBe(8);
      expect(seeded.counterpartyIbans).toHaveLength(8);
      expect(seeded.counterpartyIbans.every((row) => isIban(row.iban))).toBe(true);
    }
  });
});

describe('demo accounts on the welcome page', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { KONTOR_DEMO: '1' } });
  });
  afterAll(async () => testApp.close());

  it('names each account with its organisations, role and permissions as data the page translates', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().demo).toEqual({
      enabled: true,
      password: 'kontor-demo',
      users: [
        {
          email: 'admin@demo.kontor.test',
          memberships: [
            { organization: 'Demo GmbH', role: 'admin', permissions: [] },
            { organization: 'Muster AG', role: 'admin', permissions: [] },
          ],
        },
        {
          email: 'clerk@demo.kontor.test',
          memberships: [{ organization: 'Demo GmbH', role: 'user', permissions: ['ap_invoices:manage'] }],
        },
      ],
    });
  });
});
