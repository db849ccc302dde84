import {
  emailVerificationTokenExpiry,
  nextVerificationState,
  normalizeIban,
  type EmailVerificationList,
  type EmailVerificationRun,
} from '@kontor/domain';
import { asOrgId, type Database, type OrgId, type Tx } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { MailDeliveryOutcome, Mailer } from '../../../plugins/foundation-types';
import type { OrgContext } from '../../../plugins/session';
import type { Actor } from '../../activity-log/writer';
import { tenant } from '../../master-data/service-helpers';
import { consumeQuota } from '../../subscriptions/service';
import { findBankAccountOfCounterparty, findVerificationCounterparty } from '../shared-repo';
import { invitationLocale, invitationMail } from './mail-template';
import {
  findInFlightRunForUpdate,
  findOrganizationName,
  findCounterpartiesWithStaleRuns,
  findRunOfMailForUpdate,
  findStaleInFlightRunsForUpdate,
  insertRun,
  listRuns,
  updateRun,
  type EmailVerificationRow,
} from './repo';
import { logRunStep, stateOf, supersedeRun, toRun } from './run-mapping';
import { makeVerificationToken, verificationLink } from './token';

export interface EmailVerificationDeps {
  mailer: Mailer;
  publicUrl: string;
  /** Injected so tests can move time; the database's now() is not used for token times. */
  now?: () => Date;
}

const SYSTEM: Actor = { type: 'system' };

/** The outbox template of the invitation; its delivery reports move the run (recordInvitationDelivery). */
export const INVITATION_MAIL_TEMPLATE = 'counterparty_email_verification';

/**
 * What the outbox learnt about an invitation (a mailer delivery listener, in the delivery's
 * transaction): delivered → received, failed for good → not_received, logged as the system's step.
 * A report about a mail the run no longer waits for (resent since, opened, finished) changes nothing.
 */
export async function recordInvitationDelivery(
  tx: Tx,
  mail: { id: string; organizationId: string },
  outcome: MailDeliveryOutcome,
): Promise<void> {
  const orgId = asOrgId(mail.organizationId);
  const run = await findRunOfMailForUpdate(tx, orgId, mail.id);
  if (!run) return;
  const next = nextVerificationState(stateOf(run), { type: outcome === 'delivered' ? 'delivery_confirmed' : 'delivery_failed' });
  if (!next) return;
  const after = await updateRun(tx, orgId, run.id, { status: next.status });
  await logRunStep(tx, orgId, SYSTEM, after, run.status);
}

/**
 * Runs that can no longer be answered become not_received, each with its history entry: the
 * `expire` event when the link ran out, `delivery_failed` when the outbox gave up on the mail.
 */
export async function expireOverdue(tx: Tx, orgId: OrgId, counterpartyId: string, now: Date): Promise<void> {
  for (const run of await findStaleInFlightRunsForUpdate(tx, orgId, counterpartyId, now)) {
    const event = run.tokenExpiresAt <= now ? 'expire' : 'delivery_failed';
    if (nextVerificationState(stateOf(run), { type: event })?.status !== 'not_received') continue;
    const after = await updateRun(tx, orgId, run.id, { status: 'not_received' });
    await logRunStep(tx, orgId, SYSTEM, after, run.status);
  }
}

/** Counterparties closed per sweep: the next sweep takes the rest. */
const EXPIRY_SWEEP_BATCH = 500;

/**
 * The sweep (a job every quarter of an hour): closes the overdue runs of every organisation, so
 * that the list's verification state and its filter do not say "pending" for a link that ran out
 * until someone happens to open the counterparty. Returns how many counterparties it looked at.
 */
export async function expireOverdueRunsEverywhere(database: Database, now = new Date()): Promise<number> {
  const stale = await database.withSystem((tx) => findCounterpartiesWithStaleRuns(tx, now, EXPIRY_SWEEP_BATCH));
  for (const { organizationId, counterpartyId } of stale) {
    const orgId = organizationId as OrgId;
    await database.withOrg({ orgId, userId: null }, (tx) => expireOverdue(tx, orgId, counterpartyId, now));
  }
  return stale.length;
}

/**
 * Starting (and resending) the verification of a bank account by e-mail, and the list of a
 * counterparty's runs (SPEC §4, issue 6 item 4). The public page's side is public-service.ts.
 */
export class EmailVerificationService {
  private readonly now: () => Date;

  constructor(
    private readonly database: Database,
    private readonly deps: EmailVerificationDeps,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * A new run for the account's current IBAN, or a resend when one is still in flight for the
   * same IBAN and address: new token (the previous link stops working), new expiry, new mail.
   * A resend is the same verification, so only a new run counts against the plan's quota.
   */
  async start(org: OrgContext, counterpartyId: string, bankAccountId: string): Promise<EmailVerificationRun> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const now = this.now();
      const counterparty = await findVerificationCounterparty(tx, org.orgId, counterpartyId, { lock: true });
      if (!counterparty) throw new AppError('counterparty_not_found');
      const account = await findBankAccountOfCounterparty(tx, org.orgId, counterpartyId, bankAccountId);
      if (!account) throw new AppError('counterparty_bank_account_not_found');
      if (!counterparty.email) throw new AppError('counterparty_no_email');

      await expireOverdue(tx, org.orgId, counterpartyId, now);
      const inFlight = await findInFlightRunForUpdate(tx, org.orgId, account.id);
      const { token, tokenHash } = makeVerificationToken();
      const tokenExpiresAt = emailVerificationTokenExpiry(now);
      const freshToken = { tokenHash, tokenExpiresAt, tokenUsedAt: null };
      const actor: Actor = { type: 'user', id: org.userId };

      let run: EmailVerificationRow;
      const isResend =
        inFlight !== null &&
        normalizeIban(inFlight.iban) === normalizeIban(account.iban) &&
        inFlight.email === counterparty.email;
      if (isResend) {
        if (!nextVerificationState(stateOf(inFlight), { type: 'resend' })) throw new AppError('verification_start_failed');
        run = await updateRun(tx, org.orgId, inFlight.id, { ...freshToken, status: 'started', requestedBy: org.userId });
      } else {
        if (inFlight) await supersedeRun(tx, org.orgId, inFlight, now);
        const started = nextVerificationState({ status: 'not_started' }, { type: 'start', iban: account.iban });
        if (started?.status !== 'started') throw new AppError('verification_start_failed');
        await consumeQuota(tx, org.orgId, 'verifications');
        run = await insertRun(tx, org.orgId, {
          ...freshToken,
          counterpartyId,
          bankAccountId: account.id,
          iban: started.iban,
          email: counterparty.email,
          status: 'started',
          requestedBy: org.userId,
        });
      }

      const mailId = await this.sendInvitation(tx, org.orgId, counterparty, token, tokenExpiresAt);
      if (!nextVerificationState(stateOf(run), { type: 'send_invitation' })) throw new AppError('verification_start_failed');
      // Handed to the outbox in this transaction: from here on the mail is as good as sent.
      run = await updateRun(tx, org.orgId, run.id, { status: 'invitation_sent', mailId });
      await logRunStep(tx, org.orgId, actor, run, isResend ? inFlight!.status : 'not_started');
      return this.readRun(tx, org.orgId, counterpartyId, run.id);
    });
  }

  async list(org: OrgContext, counterpartyId: string): Promise<EmailVerificationList> {
    return this.database.withOrg(tenant(org), async (tx) => {
      if (!(await findVerificationCounterparty(tx, org.orgId, counterpartyId, { lock: false })))
        throw new AppError('counterparty_not_found');
      await expireOverdue(tx, org.orgId, counterpartyId, this.now());
      return { items: (await listRuns(tx, org.orgId, counterpartyId)).map(toRun) };
    });
  }

  private async sendInvitation(
    tx: Tx,
    orgId: OrgId,
    counterparty: { name: string; email: string | null; country: string | null },
    token: string,
    expiresAt: Date,
  ): Promise<string> {
    const mail = invitationMail(invitationLocale(counterparty.country), {
      organizationName: await findOrganizationName(tx, orgId),
      counterpartyName: counterparty.name,
      link: verificationLink(this.deps.publicUrl, token),
      expiresAt,
    });
    try {
      const { id } = await this.deps.mailer.enqueue(tx, {
        organizationId: orgId,
        to: [counterparty.email!],
        subject: mail.subject,
        text: mail.text,
        template: INVITATION_MAIL_TEMPLATE,
      });
      return id;
    } catch (error) {
      // The outbox refuses an address it cannot send to; the user can only try again or fix it.
      throw new AppError('verification_start_failed', undefined, { cause: error });
    }
  }

  private async readRun(tx: Tx, orgId: OrgId, counterpartyId: string, id: string): Promise<EmailVerificationRun> {
    const row = (await listRuns(tx, orgId, counterpartyId)).find((candidate) => candidate.id === id);
    if (!row) throw new Error(`verification run ${id} vanished inside its transaction`);
    return toRun(row);
  }
}
