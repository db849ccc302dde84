import type { Locale } from '@kontor/domain';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { DIGEST_MAIL_TEMPLATE, openOrganizationDigest, readDigestReader, type DigestDeps } from './daily-digest';
import { writtenPeriod } from './paid-receivables-section';

/**
 * "Send me a sample now": the member's digest as the next business morning would write it, for
 * the period it would cover if today were one, sent to the member at once. It is not recorded as
 * the day's digest, so the morning's still comes. Nothing chosen or nothing to report is said.
 */
export async function sendSampleDigest(
  deps: DigestDeps,
  org: OrgContext,
  locale: Locale,
  now = new Date(),
): Promise<{ to: string }> {
  return deps.database.withOrg({ orgId: org.orgId, userId: org.userId }, async (tx) => {
    const reader = await readDigestReader(tx, org.orgId, org.userId);
    if (!reader || reader.options.length === 0) throw new AppError('digest_nothing_chosen');
    const digest = await openOrganizationDigest(tx, org.orgId, deps, now);
    const mail = digest ? await digest.compose(reader) : null;
    if (!digest || !mail) {
      throw new AppError('digest_nothing_to_report', { period: digest ? writtenPeriod(digest.context.period, locale) : '' });
    }
    await deps.mailer.enqueue(tx, { organizationId: org.orgId, to: [reader.email], ...mail, template: DIGEST_MAIL_TEMPLATE });
    return { to: reader.email };
  });
}
