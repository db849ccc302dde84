import {
  executiveOutcomeForSnapshot,
  executiveRequestError,
  nextExecutiveDecision,
  requiredApprovals,
  type ExecutiveDecisionRequestBody,
  type ExecutiveVerificationView,
  type Locale,
  type VerifierCandidatesResponse,
  type WaitingExecutiveVerification,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Mailer } from '../../../plugins/foundation-types';
import type { OrgContext } from '../../../plugins/session';
import { listMembers } from '../../approvals/flow-repo';
import { lockOrganizationScope } from '../../master-data/db-errors';
import { findUserName } from '../../counterparties/record-repo';
import { tenant } from '../../master-data/service-helpers';
import { consumeQuota } from '../../subscriptions/service';
import { findBankAccountOfCounterparty, findVerificationCounterparty } from '../shared-repo';
import { logExecutiveStep, supersedeExecutiveVerifications } from './history';
import { executiveRequestMail } from './mail-template';
import {
  findRequiredVerifiersPolicy,
  insertExecutiveVerification,
  listExecutiveVerificationRows,
  listOpenVerificationsForUpdate,
  listVerifierRows,
  listWaitingForUser,
  lockExecutiveVerification,
  updateVerificationOutcome,
  updateVerifierDecision,
  type ExecutiveVerificationRow,
  type VerifierRow,
} from './repo';

interface Deps {
  database: Database;
  mailer: Mailer;
  publicUrl: string;
}

function toView(
  row: ExecutiveVerificationRow,
  requestedByName: string | null,
  verifiers: VerifierRow[],
  callerId: string,
): ExecutiveVerificationView {
  // Named in their own request before that was refused: the requester still may not decide it.
  const mine = row.requestedBy === callerId ? undefined : verifiers.find((verifier) => verifier.userId === callerId);
  return {
    id: row.id,
    counterpartyId: row.counterpartyId,
    bankAccountId: row.bankAccountId,
    iban: row.iban,
    requiredApprovals: row.requiredApprovals,
    approvals: verifiers.filter((verifier) => verifier.decision === 'approved').length,
    outcome: row.outcome,
    requestedAt: row.createdAt.toISOString(),
    requestedBy: row.requestedBy ? { id: row.requestedBy, name: requestedByName ?? '' } : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    verifiers: verifiers.map((verifier) => ({
      verifier: { id: verifier.userId, name: verifier.name },
      decision: verifier.decision,
      decidedAt: verifier.decidedAt?.toISOString() ?? null,
    })),
    canDecide: row.outcome === 'pending' && mine?.decision === 'request_sent',
  };
}

/** A step of the verification in the counterparty's history, by the user. */
async function logVerificationChange(tx: Tx, org: OrgContext, counterpartyId: string, changes: Record<string, unknown>) {
  await logExecutiveStep(tx, org.orgId, { type: 'user', id: org.userId }, counterpartyId, changes);
}

async function requireCounterparty(tx: Tx, orgId: OrgId, counterpartyId: string) {
  const counterparty = await findVerificationCounterparty(tx, orgId, counterpartyId, { lock: false });
  if (!counterparty) throw new AppError('counterparty_not_found');
  return counterparty;
}

/**
 * Executive verification (SPEC §4 §6, issue 6 item 5): named verifiers among the team approve or
 * reject one bank account's IBAN. The number of approvals is fixed from the organisation's policy
 * when the request is sent; every request counts against the plan's verifications per month.
 */
export class ExecutiveVerificationService {
  constructor(private readonly deps: Deps) {}

  async request(
    org: OrgContext,
    counterpartyId: string,
    bankAccountId: string,
    verifierIds: string[],
  ): Promise<ExecutiveVerificationView> {
    return this.deps.database.withOrg(tenant(org), async (tx) => {
      const counterparty = await requireCounterparty(tx, org.orgId, counterpartyId);
      const account = await findBankAccountOfCounterparty(tx, org.orgId, counterpartyId, bankAccountId);
      if (!account) throw new AppError('counterparty_bank_account_not_found');
      // One open request per account and IBAN: a second would ask the same people again and count
      // twice against the plan. The lock makes two simultaneous requests see each other. One still
      // open for another IBAN (left by a request that crossed an edit of the IBAN) is closed.
      await lockOrganizationScope(tx, org.orgId, `executive-verification:${bankAccountId}`);
      const open = await listOpenVerificationsForUpdate(tx, org.orgId, [bankAccountId]);
      if (open.some((item) => item.iban === account.iban)) throw new AppError('executive_verification_open');
      const policy = await findRequiredVerifiersPolicy(tx, org.orgId);
      const problem = executiveRequestError(policy, verifierIds, org.userId);
      if (problem) throw new AppError(problem.code, { required: problem.required });
      // Only members of this organisation are found: anyone else (or an unknown id) is "not a member".
      const members = await listMembers(tx, org.orgId, verifierIds);
      if (members.length !== verifierIds.length) throw new AppError('executive_verifier_not_member');
      // Counted before anything is written: past the plan's limit the transaction rolls back whole.
      await consumeQuota(tx, org.orgId, 'verifications');
      await supersedeExecutiveVerifications(tx, org.orgId, open, new Date());
      const row = await insertExecutiveVerification(
        tx,
        org.orgId,
        {
          counterpartyId,
          bankAccountId,
          iban: account.iban,
          requiredApprovals: requiredApprovals(policy, verifierIds.length),
          requestedBy: org.userId,
        },
        verifierIds,
      );
      // As field changes, like the other verification steps, so the history lists them readably.
      await logVerificationChange(tx, org, counterpartyId, {
        executiveVerification: { from: null, to: 'pending' },
        executiveVerificationIban: { from: null, to: account.iban },
        executiveVerificationVerifiers: { from: null, to: members.map((member) => member.name || member.email).join(', ') },
        executiveVerificationRequired: { from: null, to: row.requiredApprovals },
      });
      const requesterName = (await findUserName(tx, org.userId)) ?? '';
      const link = `${this.deps.publicUrl}/${org.slug}/counterparties/${counterpartyId}`;
      for (const member of members) {
        const locale: Locale = member.locale === 'de' ? 'de' : 'en';
        const mail = executiveRequestMail(locale, {
          verifierName: member.name || member.email,
          requesterName,
          counterpartyName: counterparty.name,
          iban: account.iban,
          requiredApprovals: row.requiredApprovals,
          verifierCount: members.length,
          link,
        });
        await this.deps.mailer.enqueue(tx, {
          organizationId: org.orgId,
          to: [member.email],
          subject: mail.subject,
          text: mail.text,
          template: 'executive_verification_request',
        });
      }
      const verifiers = await listVerifierRows(tx, org.orgId, [row.id]);
      return toView(row, requesterName, verifiers, org.userId);
    });
  }

  /**
   * A named verifier's decision. The verification row is locked first, so two verifiers deciding
   * at the same moment are serialised and the second sees the first's vote when it computes the
   * outcome (otherwise both could see "1 of 2" and neither would approve the request).
   */
  async decide(
    org: OrgContext,
    counterpartyId: string,
    verificationId: string,
    body: ExecutiveDecisionRequestBody,
  ): Promise<ExecutiveVerificationView> {
    return this.deps.database.withOrg(tenant(org), async (tx) => {
      await requireCounterparty(tx, org.orgId, counterpartyId);
      const row = await lockExecutiveVerification(tx, org.orgId, counterpartyId, verificationId);
      if (!row) throw new AppError('executive_verification_not_found');
      // Four eyes: whoever asked for the check is not the second pair.
      if (row.requestedBy === org.userId) throw new AppError('executive_requester_cannot_decide');
      const verifiers = await listVerifierRows(tx, org.orgId, [row.id]);
      const mine = verifiers.find((verifier) => verifier.userId === org.userId);
      if (!mine) throw new AppError('executive_not_verifier');
      const decision = nextExecutiveDecision(mine.decision, body.decision === 'approved' ? 'approve' : 'reject');
      if (!decision) throw new AppError('executive_already_decided');
      if (row.outcome === 'superseded') throw new AppError('executive_verification_superseded');
      if (row.outcome !== 'pending') throw new AppError('executive_verification_closed', { outcome: row.outcome });
      // The account must still have the IBAN the verifiers were asked about: an edit that crossed
      // the request, or an account removed meanwhile, leaves nothing here to approve.
      const account = row.bankAccountId
        ? await findBankAccountOfCounterparty(tx, org.orgId, counterpartyId, row.bankAccountId)
        : null;
      if (account?.iban !== row.iban) throw new AppError('executive_verification_superseded');

      const now = new Date();
      await updateVerifierDecision(tx, org.orgId, row.id, org.userId, decision, now);
      const decided = verifiers.map((verifier) =>
        verifier.userId === org.userId ? { ...verifier, decision, decidedAt: now } : verifier,
      );
      const outcome = executiveOutcomeForSnapshot(
        row.requiredApprovals,
        decided.map((verifier) => verifier.decision),
      );
      const decidedAt = outcome === 'pending' ? null : now;
      await updateVerificationOutcome(tx, org.orgId, row, outcome, decidedAt);
      await logVerificationChange(tx, org, counterpartyId, {
        executiveVerificationDecision: { from: mine.decision, to: decision },
        executiveVerificationIban: { from: null, to: row.iban },
        ...(outcome !== row.outcome ? { executiveVerification: { from: row.outcome, to: outcome } } : {}),
      });
      const requesterName = row.requestedBy ? await findUserName(tx, row.requestedBy) : null;
      return toView({ ...row, outcome, decidedAt }, requesterName, decided, org.userId);
    });
  }

  async list(org: OrgContext, counterpartyId: string): Promise<{ items: ExecutiveVerificationView[] }> {
    return this.deps.database.withOrg(
      tenant(org),
      async (tx) => {
        await requireCounterparty(tx, org.orgId, counterpartyId);
        const rows = await listExecutiveVerificationRows(tx, org.orgId, counterpartyId);
        const verifiers = await listVerifierRows(
          tx,
          org.orgId,
          rows.map((row) => row.id),
        );
        return {
          items: rows.map((row) =>
            toView(
              row,
              row.requestedByName,
              verifiers.filter((verifier) => verifier.verificationId === row.id),
              org.userId,
            ),
          ),
        };
      },
      { readOnly: true },
    );
  }

  async waitingForMe(org: OrgContext): Promise<{ items: WaitingExecutiveVerification[] }> {
    return this.deps.database.withOrg(
      tenant(org),
      async (tx) => {
        const rows = await listWaitingForUser(tx, org.orgId, org.userId);
        const verifiers = await listVerifierRows(
          tx,
          org.orgId,
          rows.map((row) => row.id),
        );
        return {
          items: rows.map((row) => ({
            id: row.id,
            counterpartyId: row.counterpartyId,
            counterpartyName: row.counterpartyName,
            bankAccountId: row.bankAccountId,
            iban: row.iban,
            requiredApprovals: row.requiredApprovals,
            approvals: verifiers.filter((verifier) => verifier.verificationId === row.id && verifier.decision === 'approved')
              .length,
            requestedAt: row.createdAt.toISOString(),
            requestedBy: row.requestedBy ? { id: row.requestedBy, name: row.requestedByName ?? '' } : null,
          })),
        };
      },
      { readOnly: true },
    );
  }

  async candidates(org: OrgContext): Promise<VerifierCandidatesResponse> {
    return this.deps.database.withOrg(
      tenant(org),
      async (tx) => ({
        // Everyone but the caller: nobody verifies their own request (executiveVerificationRequestProblem).
        items: (await listMembers(tx, org.orgId))
          .filter((member) => member.userId !== org.userId)
          .map((member) => ({ id: member.userId, name: member.name || member.email, email: member.email })),
        policy: await findRequiredVerifiersPolicy(tx, org.orgId),
      }),
      { readOnly: true },
    );
  }
}
