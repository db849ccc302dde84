import { and, asc, eq, sql } from 'drizzle-orm';
import { paymentRuns } from '../../db/schema';
import { runFigures } from '../payment-runs/run-rows';
import { SECTION_LINES_MAX, sectionTranslator, type DigestContext, type DigestSection } from './digest-section';
import { paymentRunLine } from './payment-run-lines';

/**
 * SPEC §6 "payment runs ready to export": the approved runs whose SEPA file has not been written
 * yet (status approved; the export makes them exported), as the export screen's "ready" list
 * shows them, oldest run first, with payments and EUR total (runFigures). Two queries per
 * organisation (payment_runs_status_created_idx, then the listed runs' figures).
 */
export async function paymentRunsReadyForExportSection(context: DigestContext): Promise<DigestSection | null> {
  const { tx, orgId } = context;
  const runs = await tx
    .select({
      id: paymentRuns.id,
      number: paymentRuns.number,
      name: paymentRuns.name,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(paymentRuns)
    .where(and(eq(paymentRuns.organizationId, orgId), eq(paymentRuns.status, 'approved')))
    .orderBy(asc(paymentRuns.number))
    .limit(SECTION_LINES_MAX);
  const total = runs[0]?.total ?? 0;
  if (total === 0) return null;
  const figures = await runFigures(
    tx,
    orgId,
    runs.map((run) => run.id),
  );

  return {
    option: 'payment_runs_ready_for_export',
    render: (locale) => {
      const t = sectionTranslator(locale);
      return {
        summary: t(total === 1 ? 'digestPaymentRunsReadyForExportSummaryOne' : 'digestPaymentRunsReadyForExportSummaryOther', {
          count: total,
        }),
        detail: '',
        lines: runs.map((run) => paymentRunLine(t, locale, context.orgUrl, run, figures.get(run.id))),
        more: total - runs.length,
        linkLabel: t('digestPaymentRunsReadyForExportLink'),
        link: `${context.orgUrl}/export/transactions`,
      };
    },
  };
}
