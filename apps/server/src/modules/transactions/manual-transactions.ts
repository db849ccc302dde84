import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  toSepaField,
  SEPA_NAME_MAX_LENGTH,
  type CreateTransactionBody,
  type PostalAddress,
  type UpdateTransactionBody,
} from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { counterparties, organizations, transactions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { diffFields, writeActivity, type Actor } from '../activity-log/writer';
import { findCompanyBankAccountRow } from '../company-bank-accounts/repo';
import { analyseTransactionRows } from './analysis/analyse-transactions';
import { lockTransactionForChange } from './lock-for-change';
import { insertTransactionRow, type TransactionRow } from './transaction-rows';

/** "TRX" and the new id's 32 hex digits: unique, 35 characters, SEPA charset. */
export const endToEndIdForTransaction = (id: string) => `TRX${id.replace(/-/g, '').toUpperCase()}`;

/** The debitor account must be one of the organisation's own (a foreign id looks the same as a missing one). */
export async function requireCompanyAccount(tx: Tx, orgId: OrgId, id: string) {
  const account = await findCompanyBankAccountRow(tx, orgId, id);
  if (!account) {
    throw new AppError('debitor_account_not_found', undefined, { fieldErrors: { debitorBankAccountId: ['invalid'] } });
  }
  return account;
}

async function organizationName(tx: Tx, orgId: OrgId): Promise<string> {
  const [row] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
  return row?.name ?? '';
}

export function counterpartyAddress(row: {
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}): PostalAddress | null {
  if (!row.street && !row.zip && !row.city && !row.country) return null;
  return { street: row.street, zip: row.zip, city: row.city, country: row.country };
}

/** POST /api/transactions: a SEPA credit transfer entered by hand, analysed at once. */
export async function createManualTransaction(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  body: CreateTransactionBody,
): Promise<TransactionRow> {
  const account = await requireCompanyAccount(tx, orgId, body.debitorBankAccountId);
  let creditorAddress: PostalAddress | null = null;
  if (body.counterpartyId) {
    const [counterparty] = await tx
      .select()
      .from(counterparties)
      .where(and(eq(counterparties.organizationId, orgId), eq(counterparties.id, body.counterpartyId)));
    if (!counterparty) {
      throw new AppError('validation_failed', undefined, { fieldErrors: { counterpartyId: ['invalid'] } });
    }
    creditorAddress = counterpartyAddress(counterparty);
  }
  const id = randomUUID();
  const row = await insertTransactionRow(tx, orgId, {
    id,
    origin: 'manual',
    counterpartyId: body.counterpartyId ?? null,
    amount: body.amount,
    currency: body.currency,
    requestedExecutionDate: body.requestedExecutionDate,
    endToEndId: endToEndIdForTransaction(id),
    remittanceInformation: body.remittanceInformation,
    debitorBankAccountId: account.id,
    debitorName: toSepaField((await organizationName(tx, orgId)) || account.name, SEPA_NAME_MAX_LENGTH),
    debitorIban: account.iban,
    debitorBic: account.bic,
    creditorName: body.creditorName,
    creditorIban: body.creditorIban,
    creditorBic: body.creditorBic,
    creditorAddress,
    notes: body.notes ?? null,
    createdBy: actor.type === 'user' ? actor.id : null,
  });
  await writeActivity(tx, orgId, {
    entityType: 'transaction',
    entityId: id,
    action: 'create',
    actor,
    changes: { origin: 'manual', amount: row.amount, currency: row.currency, creditorIban: row.creditorIban },
  });
  const [analysed] = await analyseTransactionRows(tx, orgId, [row]);
  return analysed!;
}

/** PATCH /api/transactions/:id: only an open transaction (in no run) changes; the checks run again. */
export async function updateOpenTransaction(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  id: string,
  body: UpdateTransactionBody,
): Promise<TransactionRow> {
  const { row } = await lockTransactionForChange(tx, orgId, id, body.version);
  if (row.status !== 'open') throw new AppError('transaction_not_editable', { status: row.status });
  const account =
    body.debitorBankAccountId !== undefined && body.debitorBankAccountId !== row.debitorBankAccountId
      ? await requireCompanyAccount(tx, orgId, body.debitorBankAccountId)
      : null;
  const values = {
    ...(body.amount !== undefined ? { amount: body.amount } : {}),
    ...(body.requestedExecutionDate !== undefined ? { requestedExecutionDate: body.requestedExecutionDate } : {}),
    ...(body.remittanceInformation !== undefined ? { remittanceInformation: body.remittanceInformation } : {}),
    ...(account ? { debitorBankAccountId: account.id, debitorIban: account.iban, debitorBic: account.bic } : {}),
  };
  const changes = diffFields(row, values);
  if (Object.keys(changes).length === 0) return row;
  const [updated] = await tx
    .update(transactions)
    .set({ ...values, version: sql`${transactions.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, id)))
    .returning();
  await writeActivity(tx, orgId, { entityType: 'transaction', entityId: id, action: 'update', actor, changes });
  const [analysed] = await analyseTransactionRows(tx, orgId, [updated!]);
  return analysed!;
}

/** PUT /api/transactions/:id/notes: notes change in every status (they are not part of the payment). */
export async function updateTransactionNotes(
  tx: Tx,
  orgId: OrgId,
  actor: Actor,
  id: string,
  body: { version: number; notes: string | null },
): Promise<TransactionRow> {
  const { row } = await lockTransactionForChange(tx, orgId, id, body.version);
  if (row.notes === body.notes) return row;
  const [updated] = await tx
    .update(transactions)
    .set({ notes: body.notes, version: sql`${transactions.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(transactions.organizationId, orgId), eq(transactions.id, id)))
    .returning();
  await writeActivity(tx, orgId, {
    entityType: 'transaction',
    entityId: id,
    action: 'update',
    actor,
    changes: { notes: { from: row.notes, to: body.notes } },
  });
  return updated!;
}
