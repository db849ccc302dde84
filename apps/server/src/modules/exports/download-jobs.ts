import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, type DownloadJob, type Locale } from '@kontor/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FileStorage, Mailer } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../approvals/context';
import { EXPORT_TEXTS } from './export-texts';
import { toDownloadJob, visibleSources } from './export-service';
import { findDownloadJobs, type DownloadJobRow } from './job-repo';

/** "08.12.2026, 21:30" in Kontor's time zone, as a mail says until when its link works. */
function writtenMoment(moment: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(moment);
}

/** Jobs the panel lists: the caller's newest, every one still processing among them. */
const PANEL_JOBS = 20;

/**
 * The downloads panel (SPEC §2 §3): the caller's download jobs, a signed link to a finished file,
 * and that link by e-mail (never the file: an export is the company's books).
 */
export class DownloadJobService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly mailer: Mailer,
    private readonly options: { linkTtlSeconds: number; mailLinkTtlSeconds: number },
  ) {}

  async listMine(org: OrgContext): Promise<DownloadJob[]> {
    const rows = await this.database.withOrg(
      tenant(org),
      (tx) => findDownloadJobs(tx, org.orgId, { createdBy: org.userId, limit: PANEL_JOBS }),
      { readOnly: true },
    );
    return rows.map(toDownloadJob);
  }

  async link(org: OrgContext, id: string): Promise<{ url: string; expiresAt: string }> {
    const job = await this.findFinished(org, id);
    const signed = await this.storage.signedUrl(job.fileKey!, this.options.linkTtlSeconds, { downloadName: job.fileName! });
    return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
  }

  async mailLink(org: OrgContext, id: string, locale: Locale): Promise<{ sentTo: string }> {
    const job = await this.findFinished(org, id);
    const signed = await this.storage.signedUrl(job.fileKey!, this.options.mailLinkTtlSeconds, { downloadName: job.fileName! });
    return this.database.withOrg(tenant(org), async (tx) => {
      const result = await tx.execute<{ [key: string]: unknown; email: string; name: string; locale: string | null }>(
        sql`select email, name, locale from users where id = ${org.userId}`,
      );
      const user = result.rows[0];
      if (!user) throw new AppError('not_found');
      const language: Locale = user.locale === 'de' || user.locale === 'en' ? user.locale : locale;
      const texts = EXPORT_TEXTS[language];
      const fill = (template: string, values: Record<string, string>) =>
        template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '');
      const count = fill(job.itemCount === 1 ? texts.itemCountOne : texts.itemCountOther, { count: String(job.itemCount) });
      const values = {
        name: user.name || user.email,
        fileName: job.fileName!,
        count,
        link: signed.url,
        expires: writtenMoment(signed.expiresAt, language),
      };
      await this.mailer.enqueue(tx, {
        organizationId: org.orgId,
        to: [user.email],
        subject: fill(texts.mailSubject, values),
        text: fill(texts.mailBody, values),
        template: 'export_download_link',
      });
      return { sentTo: user.email };
    });
  }

  /** A completed job the caller started, or of a source the caller may export (the history's links). */
  private async findFinished(org: OrgContext, id: string): Promise<DownloadJobRow> {
    const [job] = await this.database.withOrg(tenant(org), (tx) => findDownloadJobs(tx, org.orgId, { id, limit: 1 }), {
      readOnly: true,
    });
    if (!job || (job.createdBy !== org.userId && !visibleSources(org).includes(job.source))) {
      throw new AppError('download_job_not_found');
    }
    if (job.status !== 'completed' || !job.fileKey || !job.fileName)
      throw new AppError('download_job_not_ready', { status: job.status });
    return job;
  }
}
