import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { BankConnection, BankInstitutionView, chooseBankAccountsBodySchema } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { uniqueViolationConstraint } from '../master-data/db-errors';
import { tenant } from '../master-data/service-helpers';
import { connectAccounts } from './connect-accounts';
import { createConnectionState } from './connection-state';
import { toBankConnection } from './connection-view';
import { asConnectionError, InstitutionCache, readOfferedAccounts, type ProviderAccess } from './provider-calls';
import { withProviderRetry } from './provider-retry';
import {
  findConnectionRow,
  findIbansConnectedElsewhere,
  insertConnectionRow,
  listConnectedAccountRows,
  listConnectionRows,
  unlinkAccountRows,
  updateConnectionRow,
  type BankConnectionRow,
} from './repo';
import { enqueueSync } from './sync';

/** SPEC §9: access is renewed every six months; a bank may allow less. */
export const CONSENT_DAYS = 180;
export const CALLBACK_PATH = '/api/bank-connections/callback';

export interface BankConnectionServiceDeps extends ProviderAccess {
  database: Database;
  jobs: JobQueue;
  publicUrl: string;
  /** Signs the state the bank sends back (the session secret). */
  stateSecret: string;
  log: FastifyBaseLogger;
}

type ChooseAccountsInput = z.output<typeof chooseBankAccountsBodySchema>;

const RENEWABLE = new Set(['active', 'expired', 'pending_consent', 'consent_denied']);

/**
 * Bank connections (issue 60, SPEC §2 bank connect flow): start a consent at a bank, choose the
 * accounts it covers, renew it before it lapses, disconnect. The callback is consent-callback.ts,
 * syncing sync.ts. Provider calls never run inside a database transaction: a slow bank must not
 * hold locks.
 */
export class BankConnectionService {
  readonly institutions: InstitutionCache;

  constructor(private readonly deps: BankConnectionServiceDeps) {
    this.institutions = new InstitutionCache(deps);
  }

  async listInstitutions(country: string): Promise<BankInstitutionView[]> {
    const items = await this.institutions.list(country);
    return items
      .map(({ id, name, bic, logoUrl, transactionTotalDays }) => ({ id, name, bic, logoUrl, transactionTotalDays }))
      .sort((a, b) => a.name.localeCompare(b.name, 'de'));
  }

  async start(org: OrgContext, input: { institutionId: string; country: string }): Promise<{ id: string; redirectUrl: string }> {
    const institution = await this.institutions.find(input.country, input.institutionId);
    const id = randomUUID();
    const { state, nonce } = createConnectionState(this.deps.stateSecret, org, id);
    const started = await this.startConsent(institution.id, state, institution.maxAccessValidForDays);
    await this.deps.database.withOrg(tenant(org), async (tx) => {
      await insertConnectionRow(tx, org.orgId, {
        id,
        provider: this.deps.provider.kind,
        institutionId: institution.id,
        institutionName: institution.name,
        country: input.country,
        consentId: started.consentId,
        stateNonce: nonce,
        createdBy: org.userId,
      });
      await log(tx, org, id, 'create', { institution: institution.name });
    });
    return { id, redirectUrl: started.redirectUrl };
  }

  async list(org: OrgContext): Promise<BankConnection[]> {
    return this.deps.database.withOrg(
      tenant(org),
      async (tx) => {
        const rows = await listConnectionRows(tx, org.orgId);
        const accounts = await listConnectedAccountRows(
          tx,
          org.orgId,
          rows.map((row) => row.id),
        );
        return rows.map((row) => toBankConnection(row, accounts));
      },
      { readOnly: true },
    );
  }

  /** One connection; while its accounts are to be chosen and were not read yet (the bank was down at the callback), reads them now. */
  async get(org: OrgContext, id: string): Promise<BankConnection> {
    let row = await this.deps.database.withOrg(tenant(org), (tx) => requireConnection(tx, org.orgId, id), { readOnly: true });
    if (row.status === 'awaiting_accounts' && row.offeredAccounts === null) row = await this.loadOfferedAccounts(org, row);
    return this.view(org, row);
  }

  async chooseAccounts(org: OrgContext, id: string, input: ChooseAccountsInput): Promise<BankConnection> {
    const current = await this.deps.database.withOrg(tenant(org), (tx) => requireConnection(tx, org.orgId, id), {
      readOnly: true,
    });
    if (current.status === 'awaiting_accounts' && current.offeredAccounts === null) await this.loadOfferedAccounts(org, current);
    const row = await this.translateConflict(() =>
      this.deps.database.withOrg(tenant(org), async (tx) => {
        const locked = await requireConnection(tx, org.orgId, id, true);
        if (locked.version !== input.version) throw new AppError('stale_version');
        if (locked.status !== 'awaiting_accounts')
          throw new AppError('bank_connection_action_refused', { status: locked.status });
        await connectAccounts(tx, org.orgId, locked, input.providerAccountIds);
        const updated = await updateConnectionRow(tx, org.orgId, id, { status: 'active' });
        await log(tx, org, id, 'update', {
          status: { from: locked.status, to: 'active' },
          accounts: input.providerAccountIds.length,
        });
        return updated;
      }),
    );
    await enqueueSync(this.deps, org.orgId, id);
    return this.view(org, row);
  }

  /**
   * A new consent at the same bank. A connection with access keeps it (and its accounts) until
   * the new consent comes back granted; one that never got access simply starts over.
   */
  async renew(org: OrgContext, id: string): Promise<{ id: string; redirectUrl: string }> {
    const row = await this.deps.database.withOrg(tenant(org), (tx) => requireConnection(tx, org.orgId, id), { readOnly: true });
    if (!RENEWABLE.has(row.status)) throw new AppError('bank_connection_action_refused', { status: row.status });
    const institution = await this.institutions.find(row.country, row.institutionId);
    const { state, nonce } = createConnectionState(this.deps.stateSecret, org, id);
    const started = await this.startConsent(institution.id, state, institution.maxAccessValidForDays);
    const hasAccess = row.status === 'active' || row.status === 'expired';
    const replaced = await this.deps.database.withOrg(tenant(org), async (tx) => {
      const locked = await requireConnection(tx, org.orgId, id, true);
      if (locked.status !== row.status) throw new AppError('bank_connection_action_refused', { status: locked.status });
      await updateConnectionRow(
        tx,
        org.orgId,
        id,
        hasAccess
          ? { renewalConsentId: started.consentId, stateNonce: nonce }
          : { consentId: started.consentId, renewalConsentId: null, status: 'pending_consent', stateNonce: nonce },
      );
      await log(tx, org, id, 'update', { renewal: 'started' });
      // The consent this one replaces: a renewal started before and never finished, or the unused first one.
      return hasAccess ? locked.renewalConsentId : locked.consentId;
    });
    if (replaced) await this.deleteConsentQuietly(replaced);
    return { id, redirectUrl: started.redirectUrl };
  }

  /**
   * Ends the consent at the bank first: if the bank cannot be reached, nothing changes and the
   * person tries again (an unknown consent is no failure). The accounts stay as master data.
   */
  async disconnect(org: OrgContext, id: string): Promise<void> {
    const row = await this.deps.database.withOrg(tenant(org), (tx) => requireConnection(tx, org.orgId, id), { readOnly: true });
    if (row.status === 'disconnected') throw new AppError('bank_connection_not_found');
    try {
      for (const consentId of [row.consentId, row.renewalConsentId]) {
        if (consentId) await withProviderRetry(() => this.deps.provider.deleteConsent(consentId), this.deps.retry);
      }
    } catch (error) {
      throw new AppError('bank_connection_delete_failed', undefined, { cause: error });
    }
    await this.deps.database.withOrg(tenant(org), async (tx) => {
      const locked = await requireConnection(tx, org.orgId, id, true);
      if (locked.status === 'disconnected') return;
      await unlinkAccountRows(tx, org.orgId, id);
      await updateConnectionRow(tx, org.orgId, id, {
        status: 'disconnected',
        accessValidUntil: null,
        renewalConsentId: null,
        stateNonce: null,
      });
      await log(tx, org, id, 'delete', { status: { from: locked.status, to: 'disconnected' } });
    });
  }

  async view(org: OrgContext, row: BankConnectionRow): Promise<BankConnection> {
    return this.deps.database.withOrg(
      tenant(org),
      async (tx) => {
        const accounts = await listConnectedAccountRows(tx, org.orgId, [row.id]);
        const ibans = (row.offeredAccounts ?? []).map((account) => account.iban);
        const elsewhere = await findIbansConnectedElsewhere(tx, org.orgId, row.id, ibans);
        return toBankConnection(row, accounts, elsewhere);
      },
      { readOnly: true },
    );
  }

  private async startConsent(institutionId: string, reference: string, maxDays: number) {
    try {
      return await withProviderRetry(
        () =>
          this.deps.provider.startConsent({
            institutionId,
            redirectUrl: `${this.deps.publicUrl}${CALLBACK_PATH}`,
            reference,
            validForDays: Math.min(CONSENT_DAYS, maxDays),
          }),
        this.deps.retry,
      );
    } catch (error) {
      return asConnectionError(error);
    }
  }

  private async loadOfferedAccounts(org: OrgContext, row: BankConnectionRow): Promise<BankConnectionRow> {
    const consent = await withProviderRetry(() => this.deps.provider.consent(row.consentId), this.deps.retry).catch(
      asConnectionError,
    );
    const offered = await readOfferedAccounts(this.deps, consent.accountIds).catch(asConnectionError);
    return this.deps.database.withOrg(tenant(org), (tx) =>
      updateConnectionRow(tx, org.orgId, row.id, { offeredAccounts: offered }),
    );
  }

  /** A consent no longer needed: the bank ends it; if it cannot now, it lapses by itself. */
  async deleteConsentQuietly(consentId: string): Promise<void> {
    try {
      await withProviderRetry(() => this.deps.provider.deleteConsent(consentId), this.deps.retry);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not delete a replaced bank consent');
    }
  }

  /** Two connections choosing the same account at once: the partial unique indexes decide, the loser hears why. */
  private async translateConflict<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolationConstraint(error)?.startsWith('company_bank_accounts_')) {
        throw new AppError('bank_account_already_connected');
      }
      throw error;
    }
  }
}

export async function requireConnection(tx: Tx, orgId: OrgId, id: string, forUpdate = false): Promise<BankConnectionRow> {
  const row = await findConnectionRow(tx, orgId, id, forUpdate);
  if (!row) throw new AppError('bank_connection_not_found');
  return row;
}

export async function log(
  tx: Tx,
  org: Pick<OrgContext, 'orgId' | 'userId'>,
  id: string,
  action: 'create' | 'update' | 'delete',
  changes: Record<string, unknown>,
): Promise<void> {
  await writeActivity(tx, org.orgId, {
    entityType: 'bank_connection',
    entityId: id,
    action,
    actor: { type: 'user', id: org.userId },
    changes,
  });
}
