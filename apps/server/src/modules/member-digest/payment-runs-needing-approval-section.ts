import { sql } from 'drizzle-orm';
import { runFigures } from '../payment-runs/run-rows';
import { sectionTranslator, type DigestContext, type DigestSection } from './digest-section';
import { paymentRunLine, type DigestRun } from './payment-run-lines';
import { readWaitingByApprover } from './waiting-approvals';

interface WaitingRun extends DigestRun, Record<string, unknown> {}

/**
 * SPEC §6 "payment runs needing approval": the runs waiting for the reader's own decision
 * (approval_items.is_waiting of entity type payment_run, substitutes included), oldest run first,
 * with their payments and EUR total as the run screens count them (runFigures). Two queries per
 * organisation for every approver at once; a member for whom nothing waits gets no section.
 */
export async function paymentRunsNeedingApprovalSection(context: DigestContext): Promise<DigestSection | null> {
  const { tx, orgId } = context;
  const byApprover = await readWaitingByApprover<WaitingRun>(tx, orgId, {
    entityType: 'payment_run',
    option: 'payment_runs_needing_approval',
    join: sql`join payment_runs e on e.organization_id = ai.organization_id and e.id = ai.entity_id`,
    columns: sql`e.id, e.number, e.name`,
    order: sql`e.number`,
  });
  if (byApprover.size === 0) return null;
  const runIds = new Set([...byApprover.values()].flatMap((slice) => slice.rows.map((row) => row.id)));
  const figures = await runFigures(tx, orgId, [...runIds]);

  return {
    option: 'payment_runs_needing_approval',
    render: (locale, reader) => {
      const waiting = byApprover.get(reader.userId);
      if (!waiting) return null;
      const t = sectionTranslator(locale);
      const { count, rows } = waiting;
      return {
        summary: t(count === 1 ? 'digestPaymentRunsNeedingApprovalSummaryOne' : 'digestPaymentRunsNeedingApprovalSummaryOther', {
          count,
        }),
        detail: '',
        lines: rows.map((run) => paymentRunLine(t, locale, context.orgUrl, run, figures.get(run.id))),
        more: count - rows.length,
        linkLabel: t('digestPaymentRunsNeedingApprovalLink'),
        link: `${context.orgUrl}/pr`,
      };
    },
  };
}
