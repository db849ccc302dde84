import {
  nextVerificationState,
  normalizeIban,
  publicVerificationState,
  type EmailVerificationState,
  type PublicConfirmIbanResponse,
  type PublicVerification,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Actor } from '../../activity-log/writer';
import { findOrganizationName, findRunByTokenHash, findRunForUpdate, updateRun, type EmailVerificationRow } from './repo';
import { findVerificationCounterparty } from '../shared-repo';
import { logRunStep, stateOf } from './run-mapping';
import { hashVerificationToken } from './token';

/** The counterparty answers through a link, not as a user of ours. */
const COUNTERPARTY: Actor = { type: 'system', id: 'counterparty-email-verification' };

type Refusal = 'verification_token_used' | 'verification_token_expired';

/**
 * The public page's side (no session, no organisation): the token's hash finds the run through
 * the security-definer lookup, and everything after that runs inside that run's organisation.
 */
export class PublicEmailVerificationService {
  private readonly now: () => Date;

  constructor(
    private readonly database: Database,
    options: { now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Who asks about which counterparty, and whether the link still works. The first view marks the run opened. */
  async open(token: string): Promise<PublicVerification> {
    return this.withRun(token, async (tx, orgId, run) => {
      const now = this.now();
      const state = publicVerificationState({ expiresAt: run.tokenExpiresAt, usedAt: run.tokenUsedAt, now });
      if (state === 'expired') await this.expire(tx, orgId, run);
      if (state === 'open' && run.status !== 'opened') {
        // Only the first view changes anything; mail scanners may open the link too, which is why
        // opening never uses the token up (verification.ts, VerificationTokenTimes).
        if (nextVerificationState(stateOf(run), { type: 'link_opened' })) {
          const opened = await updateRun(tx, orgId, run.id, { status: 'opened', openedAt: run.openedAt ?? now });
          await logRunStep(tx, orgId, COUNTERPARTY, opened, run.status);
        }
      }
      const [organizationName, counterparty] = await Promise.all([
        findOrganizationName(tx, orgId),
        findVerificationCounterparty(tx, orgId, run.counterpartyId, { lock: false }),
      ]);
      return { organizationName, counterpartyName: counterparty?.name ?? '', state, expiresAt: run.tokenExpiresAt.toISOString() };
    });
  }

  /**
   * Completes the run with match or mismatch and uses the token up. The answer does not say
   * which: the person at the other end may not be the counterparty.
   */
  async confirm(token: string, submittedIban: string): Promise<PublicConfirmIbanResponse> {
    // A refusal is returned out of the transaction, not thrown inside it: an expired run's new
    // status must be committed before the 410 goes out.
    const refusal = await this.withRun(token, async (tx, orgId, run): Promise<Refusal | null> => {
      const now = this.now();
      const state = publicVerificationState({ expiresAt: run.tokenExpiresAt, usedAt: run.tokenUsedAt, now });
      if (state === 'used') return 'verification_token_used';
      if (state === 'expired') {
        await this.expire(tx, orgId, run);
        return 'verification_token_expired';
      }
      // A confirmation without a page view (a client that posts directly) opens the run on the way.
      let current: EmailVerificationState = stateOf(run);
      if (current.status !== 'opened') current = nextVerificationState(current, { type: 'link_opened' }) ?? current;
      const completed = nextVerificationState(current, { type: 'confirm_iban', submittedIban: normalizeIban(submittedIban) });
      if (completed?.status !== 'completed') return 'verification_token_expired';
      const after = await updateRun(tx, orgId, run.id, {
        status: 'completed',
        result: completed.result,
        submittedIban: completed.submittedIban,
        tokenUsedAt: now,
        openedAt: run.openedAt ?? now,
        completedAt: now,
      });
      await logRunStep(tx, orgId, COUNTERPARTY, after, run.status);
      return null;
    });
    if (refusal) throw new AppError(refusal);
    return { state: 'used' };
  }

  private async expire(tx: Tx, orgId: OrgId, run: EmailVerificationRow): Promise<void> {
    if (!nextVerificationState(stateOf(run), { type: 'expire' })) return;
    const expired = await updateRun(tx, orgId, run.id, { status: 'not_received' });
    await logRunStep(tx, orgId, COUNTERPARTY, expired, run.status);
  }

  private async withRun<T>(token: string, work: (tx: Tx, orgId: OrgId, run: EmailVerificationRow) => Promise<T>): Promise<T> {
    const found = await findRunByTokenHash(this.database, hashVerificationToken(token));
    if (!found) throw new AppError('verification_token_not_found');
    return this.database.withOrg({ orgId: found.orgId, userId: null }, async (tx) => {
      const run = await findRunForUpdate(tx, found.orgId, found.id);
      // A resend between the lookup and the lock replaced the hash: this link is no longer valid.
      if (!run || run.tokenHash !== hashVerificationToken(token)) throw new AppError('verification_token_not_found');
      return work(tx, found.orgId, run);
    });
  }
}
