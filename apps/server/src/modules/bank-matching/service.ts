import {
  chooseAutomaticMatches,
  matchLines,
  MatchLedger,
  MAX_PROPOSALS_PER_LINE,
  type BankMatchProposal,
  type BankMatchView,
  type CreateBankMatchBody,
  type MatchCandidate,
  type MatchLine,
  type MatchProposal,
  type MatchReason,
} from '@kontor/domain';
import { sql } from 'drizzle-orm';
import { asOrgId, type Database, type OrgId, type Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../approvals/context';
import {
  invoiceExists,
  lineExists,
  loadLineViews,
  loadMatchCandidates,
  loadMatchSettings,
  loadOpenLines,
} from './candidates-repo';
import { applyMatch, removeMatch } from './match-store';
import { listMatches, loadTargets } from './views-repo';

/** Automatic matches per database transaction: each commits with its activity entries. */
const AUTO_MATCH_BATCH = 500;

/** Proposals as the UI shows them: their targets and lines, with the engine's reasons. */
async function describeProposals(
  tx: Tx,
  orgId: OrgId,
  proposals: readonly MatchProposal[],
  candidates: readonly MatchCandidate[],
): Promise<BankMatchProposal[]> {
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const used = proposals.flatMap((proposal) => proposal.allocations.map((allocation) => byId.get(allocation.candidateId)!));
  const [targets, lines] = await Promise.all([
    loadTargets(tx, orgId, {
      invoices: used.filter((candidate) => candidate.kind === 'invoice').map((candidate) => candidate.id),
      payments: used.filter((candidate) => candidate.kind === 'payment').map((candidate) => candidate.id),
    }),
    loadLineViews(tx, orgId, [...new Set(proposals.flatMap((proposal) => proposal.lineIds))]),
  ]);
  return proposals.flatMap((proposal) => {
    const allocations = proposal.allocations.map((allocation) => ({
      lineId: allocation.lineId,
      target: targets.get(allocation.candidateId),
      amount: allocation.amount,
      writeOff: allocation.writeOff,
    }));
    const lineViews = proposal.lineIds.map((id) => lines.get(id));
    if (allocations.some((allocation) => !allocation.target) || lineViews.some((line) => !line)) return [];
    return [
      {
        exact: proposal.exact,
        score: proposal.score,
        // Every reason's parameters are strings or numbers (the domain's union says which).
        reasons: proposal.reasons.map((reason) => ({ code: reason.code, params: { ...reason.params } })),
        allocations: allocations.map((allocation) => ({ ...allocation, target: allocation.target! })),
        lines: lineViews.map((line) => line!),
      },
    ];
  });
}

/** Matching bank lines with what they pay (issue 62): proposals, match, unmatch, automatic matches. */
export class BankMatchingService {
  constructor(private readonly database: Database) {}

  async proposals(org: OrgContext, lineId: string): Promise<BankMatchProposal[]> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        const [lines, candidates, settings] = await Promise.all([
          loadOpenLines(tx, org.orgId, [lineId]),
          loadMatchCandidates(tx, org.orgId),
          loadMatchSettings(tx, org.orgId),
        ]);
        if (lines.length === 0) {
          if (!(await lineExists(tx, org.orgId, lineId))) throw new AppError('bank_transaction_not_found');
          return [];
        }
        const [result] = matchLines(lines, candidates, settings);
        return describeProposals(tx, org.orgId, result?.proposals ?? [], candidates);
      },
      { readOnly: true },
    );
  }

  /**
   * The invoice's side (issue 62 item 4): which open bank lines may pay it, best first. Every
   * open outgoing line is scored against this one invoice (or its exported payment): the engine
   * indexes the one candidate and reads each line once.
   */
  async invoiceProposals(org: OrgContext, invoiceId: string): Promise<BankMatchProposal[]> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        if (!(await invoiceExists(tx, org.orgId, invoiceId))) throw new AppError('invoice_not_found');
        const [candidates, settings] = await Promise.all([
          loadMatchCandidates(tx, org.orgId, invoiceId),
          loadMatchSettings(tx, org.orgId),
        ]);
        if (candidates.length === 0) return [];
        const lines = await loadOpenLines(tx, org.orgId, undefined, { includeDeclined: true });
        const proposals = matchLines(lines, candidates, settings)
          .flatMap((result) => result.proposals)
          // Only what this invoice alone would take: a line paying it with others is proposed on the line.
          .filter((proposal) => proposal.allocations.length === 1)
          .sort((a, b) => Number(b.exact) - Number(a.exact) || b.score - a.score)
          .slice(0, MAX_PROPOSALS_PER_LINE);
        return describeProposals(tx, org.orgId, proposals, candidates);
      },
      { readOnly: true },
    );
  }

  /** 404 for a line or invoice that is not the organisation's (an empty list would say it exists). */
  async matches(org: OrgContext, of: { lineId: string } | { invoiceId: string }): Promise<BankMatchView[]> {
    return this.database.withOrg(
      tenant(org),
      async (tx) => {
        if ('lineId' in of && !(await lineExists(tx, org.orgId, of.lineId))) throw new AppError('bank_transaction_not_found');
        if ('invoiceId' in of && !(await invoiceExists(tx, org.orgId, of.invoiceId))) throw new AppError('invoice_not_found');
        return listMatches(tx, org.orgId, of);
      },
      { readOnly: true },
    );
  }

  async match(org: OrgContext, lineId: string, body: CreateBankMatchBody): Promise<BankMatchView[]> {
    await this.database.withOrg(tenant(org), (tx) =>
      applyMatch(tx, org.orgId, {
        lineId,
        target: body.target,
        amount: body.amount,
        writeOff: body.writeOff,
        origin: 'manual',
        reasons: body.reasons as MatchReason[],
        actor: { type: 'user', id: org.userId },
      }),
    );
    return this.matches(org, { lineId });
  }

  async unmatch(org: OrgContext, lineId: string, matchId: string): Promise<BankMatchView[]> {
    await this.database.withOrg(tenant(org), (tx) =>
      removeMatch(tx, org.orgId, lineId, matchId, { type: 'user', id: org.userId }),
    );
    return this.matches(org, { lineId });
  }

  /**
   * Applies the exact proposals of every open line (an organisation setting, on by default), after
   * a sync or a statement import. One engine run over all open lines and candidates (indexed, no
   * line × invoice step); each match is stored under the same locks as a person's, so a match a
   * person made meanwhile wins and the automatic one is skipped.
   */
  async autoMatch(orgIdText: string, lineIds?: readonly string[]): Promise<{ applied: number; skipped: number }> {
    const orgId = asOrgId(orgIdText);
    const context = { orgId, userId: null };
    const loaded = await this.database.withOrg(
      context,
      async (tx) => {
        const settings = await loadMatchSettings(tx, orgId);
        if (!settings.autoMatch) return null;
        const [lines, candidates] = await Promise.all([loadOpenLines(tx, orgId, lineIds), loadMatchCandidates(tx, orgId)]);
        return { settings, lines, candidates };
      },
      { readOnly: true },
    );
    if (!loaded || loaded.lines.length === 0) return { applied: 0, skipped: 0 };
    const chosen = this.chooseAutomatic(loaded.lines, loaded.candidates, loaded.settings);
    const kinds = new Map(loaded.candidates.map((candidate) => [candidate.id, candidate.kind]));
    let applied = 0;
    let skipped = 0;
    for (let start = 0; start < chosen.length; start += AUTO_MATCH_BATCH) {
      await this.database.withOrg(context, async (tx) => {
        for (const proposal of chosen.slice(start, start + AUTO_MATCH_BATCH)) {
          try {
            // A savepoint each: a proposal a person's match overtook is skipped, the batch goes on.
            await withSavepoint(tx, async () => {
              for (const allocation of proposal.allocations) {
                await applyMatch(tx, orgId, {
                  lineId: allocation.lineId,
                  target: { kind: kinds.get(allocation.candidateId)!, id: allocation.candidateId },
                  amount: allocation.amount,
                  writeOff: allocation.writeOff,
                  origin: 'automatic',
                  reasons: proposal.reasons,
                  actor: { type: 'system' },
                });
              }
            });
            applied += 1;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            skipped += 1;
          }
        }
      });
    }
    return { applied, skipped };
  }

  private chooseAutomatic(
    lines: readonly MatchLine[],
    candidates: readonly MatchCandidate[],
    settings: Awaited<ReturnType<typeof loadMatchSettings>>,
  ): MatchProposal[] {
    const results = matchLines(lines, candidates, settings);
    const ledger = new MatchLedger(lines, candidates);
    return chooseAutomaticMatches(
      results.flatMap((result) => result.proposals),
      ledger,
      settings,
    );
  }
}

/**
 * Runs `work` on a savepoint of the transaction: undone alone when it throws. (A tenant
 * transaction's query builder is the connection's own, whose `transaction()` would open a new
 * transaction, not a savepoint.)
 */
async function withSavepoint(tx: Tx, work: () => Promise<void>): Promise<void> {
  await tx.execute(sql`savepoint auto_match`);
  try {
    await work();
    await tx.execute(sql`release savepoint auto_match`);
  } catch (error) {
    await tx.execute(sql`rollback to savepoint auto_match`);
    throw error;
  }
}
