import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CounterpartyFields, ImportRowProblem } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { activityLog, counterparties, counterpartyBankAccounts, type StoredImportRowResult } from '../../db/schema';
import { lockAccountNumbers, type AccountNumberKind } from '../counterparties/numbering';
import { toCounterpartyValues } from '../counterparties/record-mapping';
import { findHighestAccountNumber } from '../counterparties/repo';
import { findOrganization } from '../organizations/repo';
import type { VatCheckBatchHook, VatCheckJob } from '../vat-check/service';
import { appendImportResults, findExistingAccountNumbers, findExistingVatNumbers, lockVatNumbers } from './import-repo';

/** A row that passed every rule the file alone can check; the database decides the rest. */
export interface ImportCandidate {
  row: number;
  fields: CounterpartyFields;
}

/** A batch in file order: rows already skipped and candidates still to create. */
export type BatchEntry = { kind: 'skipped'; result: StoredImportRowResult } | { kind: 'candidate'; candidate: ImportCandidate };

const NUMBER_FIELD = { payable: 'accountsPayableNumber', receivable: 'accountsReceivableNumber' } as const;

/**
 * The numbers the rows without one get, as one create after the other would (SPEC §3 numbering):
 * one above the highest so far (explicit numbers of earlier rows count), never below the start
 * number, never a number a row of this batch brings itself. Null when numbering is off.
 */
async function assignNumbers(
  tx: Tx,
  orgId: OrgId,
  kind: AccountNumberKind,
  candidates: ImportCandidate[],
): Promise<Map<number, string>> {
  const assigned = new Map<number, string>();
  const organization = await findOrganization(tx, orgId);
  const field = NUMBER_FIELD[kind];
  if (!organization) return assigned;
  const isEnabled = kind === 'payable' ? organization.apNumberingEnabled : organization.arNumberingEnabled;
  if (!isEnabled || candidates.every((candidate) => candidate.fields[field] !== null)) return assigned;
  const start = kind === 'payable' ? organization.apStartNumber : organization.arStartNumber;
  const explicit = new Set(candidates.flatMap((candidate) => (candidate.fields[field] ? [candidate.fields[field]] : [])));
  let highest = (await findHighestAccountNumber(tx, orgId, kind)) ?? start - 1;
  for (const candidate of candidates) {
    const given = candidate.fields[field];
    if (given !== null) {
      highest = Math.max(highest, Number(given));
      continue;
    }
    let next = Math.max(highest + 1, start);
    while (explicit.has(String(next))) next += 1;
    assigned.set(candidate.row, String(next));
    highest = next;
  }
  return assigned;
}

/** The rows whose VAT number or explicit AP/AR number the organisation already has ("already exists"). */
async function findConflicts(tx: Tx, orgId: OrgId, candidates: ImportCandidate[]): Promise<Map<number, ImportRowProblem[]>> {
  const vatNumbers = candidates.flatMap((candidate) => (candidate.fields.vatNumber ? [candidate.fields.vatNumber] : []));
  const numbersOf = (kind: AccountNumberKind) =>
    candidates.flatMap((candidate) => (candidate.fields[NUMBER_FIELD[kind]] ? [candidate.fields[NUMBER_FIELD[kind]]!] : []));
  const [vatTaken, payableTaken, receivableTaken] = await Promise.all([
    findExistingVatNumbers(tx, orgId, vatNumbers),
    findExistingAccountNumbers(tx, orgId, 'payable', numbersOf('payable')),
    findExistingAccountNumbers(tx, orgId, 'receivable', numbersOf('receivable')),
  ]);
  const conflicts = new Map<number, ImportRowProblem[]>();
  for (const { row, fields } of candidates) {
    const problems: ImportRowProblem[] = [];
    if (fields.vatNumber && vatTaken.has(fields.vatNumber)) problems.push({ field: 'vatNumber', code: 'vat_number_exists' });
    if (fields.accountsPayableNumber && payableTaken.has(fields.accountsPayableNumber)) {
      problems.push({ field: 'accountsPayableNumber', code: 'number_taken' });
    }
    if (fields.accountsReceivableNumber && receivableTaken.has(fields.accountsReceivableNumber)) {
      problems.push({ field: 'accountsReceivableNumber', code: 'number_taken' });
    }
    if (problems.length > 0) conflicts.set(row, problems);
  }
  return conflicts;
}

/**
 * Creates one batch in the caller's transaction: the same locks as a single create (VAT numbers,
 * numbering), the database's uniqueness rules, multi-row inserts of counterparties (with their
 * first VAT check state, as a create sets it), bank accounts and their activity, and the batch's
 * results and progress on the import row. Answers the results and the VAT check jobs to queue
 * once the transaction has committed.
 */
export async function createBatch(
  tx: Tx,
  orgId: OrgId,
  importId: string,
  actorId: string | null,
  entries: BatchEntry[],
  vatChecks?: VatCheckBatchHook,
): Promise<{ results: StoredImportRowResult[]; vatCheckJobs: VatCheckJob[] }> {
  const all = entries.flatMap((entry) => (entry.kind === 'candidate' ? [entry.candidate] : []));
  await lockVatNumbers(
    tx,
    orgId,
    all.flatMap((candidate) => (candidate.fields.vatNumber ? [candidate.fields.vatNumber] : [])),
  );
  if (all.length > 0) {
    await lockAccountNumbers(tx, orgId, 'payable');
    await lockAccountNumbers(tx, orgId, 'receivable');
  }
  // The bank accounts' foreign-key check runs a plan PostgreSQL cached on this connection, perhaps
  // while the counterparties table was tiny (a sequential scan): with thousands of rows per import
  // that made every batch slower than the one before (500 checks: 2 ms → 200 ms). Re-planned per
  // batch, it uses the primary key.
  await tx.execute(sql`discard plans`);
  const conflicts = await findConflicts(tx, orgId, all);
  const creatable = all.filter((candidate) => !conflicts.has(candidate.row));
  const [payable, receivable] = [
    await assignNumbers(tx, orgId, 'payable', creatable),
    await assignNumbers(tx, orgId, 'receivable', creatable),
  ];

  const ids = new Map(creatable.map((candidate) => [candidate.row, randomUUID()]));
  const vatCheckJobs: VatCheckJob[] = [];
  const now = new Date();
  const values = creatable.map((candidate) => {
    const id = ids.get(candidate.row)!;
    const vatCheck = vatChecks?.initial(orgId, id, candidate.fields.vatNumber, now);
    if (vatCheck?.job) vatCheckJobs.push(vatCheck.job);
    return {
      ...toCounterpartyValues(candidate.fields, {
        accountsPayableNumber: candidate.fields.accountsPayableNumber ?? payable.get(candidate.row) ?? null,
        accountsReceivableNumber: candidate.fields.accountsReceivableNumber ?? receivable.get(candidate.row) ?? null,
      }),
      vatCheck: vatCheck?.state ?? null,
      id,
      organizationId: orgId,
    };
  });
  if (values.length > 0) {
    await tx.insert(counterparties).values(values);
    const accounts = creatable.flatMap((candidate) =>
      candidate.fields.bankAccounts.map((account) => ({
        organizationId: orgId,
        counterpartyId: ids.get(candidate.row)!,
        name: account.name,
        iban: account.iban,
        bic: account.bic,
      })),
    );
    if (accounts.length > 0) await tx.insert(counterpartyBankAccounts).values(accounts);
    await tx.insert(activityLog).values(
      values.map((value) => ({
        organizationId: orgId,
        entityType: 'counterparty',
        entityId: value.id,
        action: 'create',
        actorType: actorId ? ('user' as const) : ('system' as const),
        actorId,
        changes: {
          importId,
          name: value.name,
          vatNumber: value.vatNumber,
          accountsPayableNumber: value.accountsPayableNumber,
          accountsReceivableNumber: value.accountsReceivableNumber,
        },
      })),
    );
  }

  const results = entries.map((entry): StoredImportRowResult => {
    if (entry.kind === 'skipped') return entry.result;
    const { row, fields } = entry.candidate;
    const problems = conflicts.get(row);
    if (problems) return { row, outcome: 'skipped', name: fields.name, problems };
    return { row, outcome: 'created', name: fields.name, counterpartyId: ids.get(row)! };
  });
  await appendImportResults(tx, orgId, importId, results);
  return { results, vatCheckJobs };
}
