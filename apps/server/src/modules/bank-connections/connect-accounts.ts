import type { OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  findIbansConnectedElsewhere,
  findLinkableAccountRow,
  insertConnectedAccountRow,
  linkAccountRow,
  type BankConnectionRow,
} from './repo';

/**
 * Connects the chosen accounts as company bank accounts (SPEC §3): one the organisation already
 * keeps with the same IBAN is linked (its name, default flag and invoices stay), otherwise one is
 * added, named by the bank and the account. An account another connection holds is refused.
 */
export async function connectAccounts(
  tx: Tx,
  orgId: OrgId,
  connection: BankConnectionRow,
  providerAccountIds: string[],
): Promise<void> {
  const offered = connection.offeredAccounts ?? [];
  const chosen = [...new Set(providerAccountIds)].map((id) => {
    const account = offered.find((candidate) => candidate.id === id);
    if (!account) throw new AppError('bank_account_not_offered');
    return account;
  });
  if (chosen.length === 0) throw new AppError('bank_no_accounts_found');
  const elsewhere = await findIbansConnectedElsewhere(
    tx,
    orgId,
    connection.id,
    chosen.map((account) => account.iban),
  );
  if (elsewhere.size > 0) throw new AppError('bank_account_already_connected');
  for (const account of chosen) {
    const link = {
      bankConnectionId: connection.id,
      providerAccountId: account.id,
      accessValidUntil: connection.accessValidUntil,
      balance: account.balance,
      balanceDate: account.balanceDate,
    };
    const existing = await findLinkableAccountRow(tx, orgId, account.iban);
    // "Sandbox Sparkasse · Geschäftskonto": every bank calls its current account the same.
    const name = `${connection.institutionName} · ${account.name}`.slice(0, 100);
    if (existing) await linkAccountRow(tx, orgId, existing.id, link);
    else await insertConnectedAccountRow(tx, orgId, { name, iban: account.iban, bic: null, ...link });
  }
}
