import { hasPermission, type ErrorCode } from '@kontor/domain';
import type { Tx } from '../../db/database';
import type { StoredOfferedAccount } from '../../db/schema';
import type { OrgContext } from '../../plugins/session';
import type { ConsentState } from './provider';
import { tenant } from '../master-data/service-helpers';
import { readConnectionState } from './connection-state';
import { MANAGE_BANK_ACCOUNTS } from './policy';
import { readOfferedAccounts } from './provider-calls';
import { withProviderRetry } from './provider-retry';
import {
  findConnectionRow,
  listConnectedAccountRows,
  relinkAccountRow,
  unlinkAccountRows,
  updateConnectionRow,
  type BankConnectionRow,
} from './repo';
import { log, requireConnection, type BankConnectionService, type BankConnectionServiceDeps } from './service';
import { enqueueSync } from './sync';

/** Where the browser goes next: a page of the app, with an error code for the page to show. */
export interface CallbackQuery {
  ref?: string | undefined;
  error?: string | undefined;
}

const connectPage = (org: OrgContext, id: string, error?: ErrorCode) =>
  `/${org.slug}/settings/bank-accounts/connect/${id}${error ? `?error=${error}` : ''}`;
const settingsPage = (org: OrgContext, error: ErrorCode) => `/${org.slug}/settings/bank-accounts?error=${error}`;

/**
 * The person's browser back from the bank (GET /api/bank-connections/callback?ref=<state>): the
 * state must be signed for this organisation and person and unused; then the consent decides
 * between choosing accounts and "denied". A renewal swaps in the new consent and keeps the
 * accounts (matched by IBAN, since a new consent may name them anew). The state is used up only
 * once the answer is stored: when the bank cannot be asked, reloading the page tries again.
 */
export async function finishConsent(
  deps: BankConnectionServiceDeps,
  service: BankConnectionService,
  org: OrgContext,
  query: CallbackQuery,
): Promise<string> {
  if (!hasPermission(org.role, org.permissions, MANAGE_BANK_ACCOUNTS)) return settingsPage(org, 'permission_denied');
  const state = query.ref ? readConnectionState(deps.stateSecret, org, query.ref) : null;
  if (!state) return settingsPage(org, 'bank_connection_state_invalid');
  const row = await deps.database.withOrg(tenant(org), (tx) => findConnectionRow(tx, org.orgId, state.connectionId), {
    readOnly: true,
  });
  if (!row || row.stateNonce === null || row.stateNonce !== state.nonce)
    return settingsPage(org, 'bank_connection_state_invalid');

  const isRenewal = row.renewalConsentId !== null;
  let consent: ConsentState;
  let offered: StoredOfferedAccount[] | null = null;
  try {
    consent = await withProviderRetry(() => deps.provider.consent(row.renewalConsentId ?? row.consentId), deps.retry);
    if (consent.status === 'granted') offered = await readOfferedAccounts(deps, consent.accountIds);
  } catch (error) {
    deps.log.warn({ err: error, connectionId: row.id }, 'bank consent could not be read at the callback');
    return connectPage(org, row.id, 'bank_connection_error');
  }
  const isGranted = consent.status === 'granted' && offered !== null;

  const outcome = await deps.database.withOrg(tenant(org), async (tx) => {
    const locked = await requireConnection(tx, org.orgId, row.id, true);
    // Two callbacks with the same state at once: only the first finds its nonce.
    if (locked.stateNonce !== state.nonce) return { error: 'bank_connection_state_invalid' as const, replaced: null };
    const changes = isRenewal
      ? await renewalChanges(tx, org, locked, isGranted, consent, offered)
      : firstConsentChanges(isGranted, consent, offered);
    const updated = await updateConnectionRow(tx, org.orgId, locked.id, { ...changes, stateNonce: null });
    await log(tx, org, locked.id, 'update', {
      status: { from: locked.status, to: updated.status },
      consent: isGranted ? 'granted' : 'denied',
      isRenewal,
    });
    return { error: null, updated, replaced: isRenewal && isGranted ? locked.consentId : null };
  });
  if (outcome.error) return settingsPage(org, outcome.error);
  if (outcome.replaced) {
    await service.deleteConsentQuietly(outcome.replaced);
    await enqueueSync(deps, org.orgId, row.id);
  }
  if (!isGranted) return connectPage(org, row.id, 'bank_consent_denied');
  if (offered?.length === 0) return connectPage(org, row.id, 'bank_no_accounts_found');
  return connectPage(org, row.id);
}

function firstConsentChanges(
  isGranted: boolean,
  consent: ConsentState,
  offered: StoredOfferedAccount[] | null,
): Partial<BankConnectionRow> {
  if (!isGranted) return { status: 'consent_denied' };
  return { status: 'awaiting_accounts', accessValidUntil: consent.validUntil, offeredAccounts: offered };
}

/** A granted renewal: the new consent is the connection's, its accounts carry on under it; a denied one leaves all as it was. */
async function renewalChanges(
  tx: Tx,
  org: OrgContext,
  row: BankConnectionRow,
  isGranted: boolean,
  consent: ConsentState,
  offered: StoredOfferedAccount[] | null,
): Promise<Partial<BankConnectionRow>> {
  if (!isGranted || !offered) return { renewalConsentId: null };
  const linked = await listConnectedAccountRows(tx, org.orgId, [row.id]);
  const uncovered: string[] = [];
  for (const account of linked) {
    const match = offered.find((candidate) => candidate.iban === account.iban);
    if (match) await relinkAccountRow(tx, org.orgId, account.id, match.id, consent.validUntil);
    else uncovered.push(account.id);
  }
  await unlinkAccountRows(tx, org.orgId, row.id, uncovered);
  return {
    consentId: row.renewalConsentId!,
    renewalConsentId: null,
    status: linked.length > uncovered.length ? 'active' : 'awaiting_accounts',
    accessValidUntil: consent.validUntil,
    offeredAccounts: offered,
    accessWarning: null,
    accessWarningValidUntil: null,
  };
}
