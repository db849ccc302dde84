import { todayIso } from '@kontor/domain';
import type { z } from 'zod';
import type { Database } from '../../../db/database';
import {
  decideSandboxConsent,
  deleteSandboxConsent,
  findSandboxConsent,
  findSandboxCustomer,
  insertSandboxConsent,
  listPayableInvoices,
  type SandboxConsentRow,
} from './sandbox-repo';
import { SANDBOX_ACCOUNT_KINDS, findSandboxInstitution, sandboxIban } from './sandbox-institutions';
import { sandboxBalance, sandboxTransactions, type PayableInvoice } from './sandbox-statement';
import type { sandboxAccountWire, sandboxBalanceWire, sandboxConsentWire, sandboxTransactionWire } from './sandbox-wire';

/** Why the sandbox bank refuses: the routes answer 404 or 403 with it. */
export class SandboxRefusal extends Error {
  constructor(readonly reason: 'unknown_institution' | 'unknown_consent' | 'unknown_account' | 'consent_not_granted') {
    super(reason);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account id is its consent's id and the account's place: `<consent>_<n>`, so no table holds accounts. */
const accountIdOf = (consentId: string, index: number) => `${consentId}_${index}`;

function parseAccountId(accountId: string): { consentId: string; index: number } | null {
  const [consentId = '', index = ''] = accountId.split('_');
  const place = Number(index);
  if (!UUID.test(consentId) || !/^\d$/.test(index) || !SANDBOX_ACCOUNT_KINDS[place]) return null;
  return { consentId, index: place };
}

function consentStatus(row: SandboxConsentRow, now: Date): z.infer<typeof sandboxConsentWire>['status'] {
  if (row.status === 'granted' && row.validUntil && row.validUntil.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/**
 * The sandbox bank itself (what a real bank's servers do): consents a person allows or denies on
 * its page, and for a granted consent two accounts with generated statements.
 */
export class SandboxBank {
  constructor(
    private readonly database: Database,
    /** Where the person's browser reaches the bank (the consent page). */
    private readonly publicBaseUrl: string,
  ) {}

  async startConsent(input: { institutionId: string; redirectUrl: string; reference: string; validForDays: number }) {
    const institution = findSandboxInstitution(input.institutionId);
    if (!institution) throw new SandboxRefusal('unknown_institution');
    const validForDays = Math.min(input.validForDays, institution.maxAccessValidForDays);
    const row = await this.database.withSystem((tx) => insertSandboxConsent(tx, { ...input, validForDays }));
    return { id: row.id, link: `${this.publicBaseUrl}/consent/${row.id}` };
  }

  async findConsent(id: string): Promise<SandboxConsentRow | null> {
    if (!UUID.test(id)) return null;
    return this.database.withSystem((tx) => findSandboxConsent(tx, id));
  }

  async consent(id: string, now = new Date()): Promise<z.infer<typeof sandboxConsentWire>> {
    const row = await this.findConsent(id);
    if (!row) throw new SandboxRefusal('unknown_consent');
    const status = consentStatus(row, now);
    return {
      id: row.id,
      status,
      accounts: status === 'granted' ? SANDBOX_ACCOUNT_KINDS.map((_, index) => accountIdOf(row.id, index)) : [],
      validUntil: row.validUntil?.toISOString() ?? null,
    };
  }

  /** The person's answer on the consent page; null when it was answered before. */
  async decide(id: string, isAllowed: boolean): Promise<SandboxConsentRow | null> {
    return this.database.withSystem((tx) => decideSandboxConsent(tx, id, isAllowed));
  }

  async deleteConsent(id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    return this.database.withSystem((tx) => deleteSandboxConsent(tx, id));
  }

  async account(accountId: string): Promise<z.infer<typeof sandboxAccountWire>> {
    const { row, index, customer } = await this.grantedAccount(accountId);
    // A bank names its accounts in its own language.
    const isGermanSpeaking = ['DE', 'AT'].includes(findSandboxInstitution(row.institutionId)?.countries[0] ?? '');
    return {
      id: accountId,
      iban: sandboxIban(row.institutionId, index),
      name: SANDBOX_ACCOUNT_KINDS[index]!.name[isGermanSpeaking ? 'de' : 'en'],
      ownerName: customer?.name ?? null,
      currency: 'EUR',
    };
  }

  async balance(accountId: string, now = new Date()): Promise<z.infer<typeof sandboxBalanceWire>> {
    const { row, index, invoices } = await this.grantedAccount(accountId, true);
    const today = todayIso(now);
    return {
      amount: sandboxBalance({
        iban: sandboxIban(row.institutionId, index),
        accountIndex: index,
        today,
        invoices,
        bookingsPerDay: findSandboxInstitution(row.institutionId)?.bookingsPerDay ?? 0,
      }),
      currency: 'EUR',
      date: today,
    };
  }

  async transactions(accountId: string, since: string, now = new Date()): Promise<z.infer<typeof sandboxTransactionWire>[]> {
    const { row, index, invoices } = await this.grantedAccount(accountId, true);
    return sandboxTransactions({
      iban: sandboxIban(row.institutionId, index),
      accountIndex: index,
      since,
      today: todayIso(now),
      invoices,
      bookingsPerDay: findSandboxInstitution(row.institutionId)?.bookingsPerDay ?? 0,
    });
  }

  /** The account's consent, refused unless granted and still valid, and who holds it. */
  private async grantedAccount(accountId: string, withInvoices = false, now = new Date()) {
    const parsed = parseAccountId(accountId);
    if (!parsed) throw new SandboxRefusal('unknown_account');
    return this.database.withSystem(async (tx) => {
      const row = await findSandboxConsent(tx, parsed.consentId);
      if (!row) throw new SandboxRefusal('unknown_account');
      if (consentStatus(row, now) !== 'granted') throw new SandboxRefusal('consent_not_granted');
      const customer = await findSandboxCustomer(tx, row.id);
      const invoices: PayableInvoice[] = withInvoices && customer ? await listPayableInvoices(tx, customer.organizationId) : [];
      return { row, index: parsed.index, customer, invoices };
    });
  }
}
