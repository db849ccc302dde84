import {
  chooseAutomaticMatches,
  matchLines,
  MatchLedger,
  type BankMatchProposal,
  type BankMatchView,
  type CreateBankMatchBody,
  type MatchCandidate,
  type MatchLine,
  type MatchProposal,
  type MatchReason,
} from '@kontor/domain';
import { sql } from 'drizzle-orm';
import { asOrgId, type Database, type Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../approvals/context';
import { invoiceExists, lineExists, loadMatchCandidates, loadMatchSettings, loadOpenLines } from './candidates-repo';
import { applyMatch, removeMatch } from './match-store';
import { listMatches, loadTargets } from './views-repo';

/** Automatic matches per database transaction: each commits with its activity entries. */
const AUTO_MATCH_BATCH = 500;

/** The proposal's targets as the UI shows them, from the candidates the engine saw. */
function describe(
  proposal: MatchProposal,
  candidates: ReadonlyMap<string, MatchCandidate>,
  targets: Awaited<ReturnType<typeof loadTargets>>,
): BankMatchProposal | null {
  const allocations = [];
  for (const allocation of proposal.allocations) {
    const target = targets.get(allocation.candidateId);
    if (!target || !candidates.has(allocation.candidateId)) return null;
    allocations.push({ target, amount: allocation.amount, writeOff: allocation.writeOff });
  }
  return {
    exact: proposal.exact,
    score: proposal.score, // Every reason's parameters are strings or numbers (the domain's union says which).
    reasons: proposal.reasons.map((reason) => ({ code: reason.code, params: { ...reason.params } })),
    allocations,
  };
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
        const proposals = result?.proposals ?? [];
        const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
        const ids = proposals.flatMap((proposal) => proposal.allocations.map((allocation) => byId.get(allocation.candidateId)!));
        const targets = await loadTargets(tx, org.orgId, {
          invoices: ids.filter((candidate) => candidate.kind === 'invoice').map((candidate) => candidate.id),
          payments: ids.filter((candidate) => candidate.kind === 'payment').map((candidate) => candidate.id),
        });
        return proposals.flatMap((proposal) => describe(proposal, byId, targets) ?? []);
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
