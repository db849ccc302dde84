import type { StoredOfferedAccount } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { BankProviderError, type BankDataProvider, type BankInstitution } from './provider';
import { withProviderRetry, type RetryPolicy } from './provider-retry';

/** What the services need to reach the provider: it, and how long to keep trying within a request. */
export interface ProviderAccess {
  provider: BankDataProvider;
  retry: RetryPolicy;
}

/**
 * A provider failure as the person sees it (SPEC §8 "connection error — inform support"); the
 * provider's own message goes to the log as the cause, never to the browser.
 */
export function asConnectionError(error: unknown): never {
  if (error instanceof BankProviderError) throw new AppError('bank_connection_error', undefined, { cause: error });
  throw error;
}

const INSTITUTIONS_TTL_MS = 10 * 60 * 1000;

/**
 * The institutions per country, kept for ten minutes in this process: the bank list barely
 * changes, and starting a connection looks its bank up in it again.
 */
export class InstitutionCache {
  private readonly entries = new Map<string, { at: number; items: BankInstitution[] }>();

  constructor(private readonly access: ProviderAccess) {}

  async list(country: string): Promise<BankInstitution[]> {
    const cached = this.entries.get(country);
    if (cached && Date.now() - cached.at < INSTITUTIONS_TTL_MS) return cached.items;
    try {
      const items = await withProviderRetry(() => this.access.provider.institutions(country), this.access.retry);
      this.entries.set(country, { at: Date.now(), items });
      return items;
    } catch (error) {
      // A country the provider does not serve is an empty list, not an outage.
      if (error instanceof BankProviderError && error.code === 'not_found') return [];
      return asConnectionError(error);
    }
  }

  async find(country: string, institutionId: string): Promise<BankInstitution> {
    const found = (await this.list(country)).find((item) => item.id === institutionId);
    if (!found) throw new AppError('bank_institution_not_found');
    return found;
  }
}

/** Details and balance of each account a granted consent covers, read once and stored with the connection. */
export async function readOfferedAccounts(
  access: ProviderAccess,
  accountIds: readonly string[],
): Promise<StoredOfferedAccount[]> {
  const accounts: StoredOfferedAccount[] = [];
  for (const id of accountIds) {
    const account = await withProviderRetry(() => access.provider.account(id), access.retry);
    accounts.push({
      id: account.id,
      iban: account.iban.replace(/\s+/g, '').toUpperCase(),
      name: account.name,
      ownerName: account.ownerName,
      currency: account.currency,
      balance: account.balance,
      balanceDate: account.balanceDate,
    });
  }
  return accounts;
}
