import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { currentLocale } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';
import { describeEinvoiceProfile } from '../../model/reading-labels';

/** What kind of document was read: the e-invoice profile ("XRechnung 3.0", "ZUGFeRD EN 16931"), "Text PDF" or "OCR". */
export function ReadingKindBadge({ reading }: { reading: Invoice['reading'] }) {
  const { t } = useTranslation('invoice-detail');
  if (!reading?.kind) return null;
  const kindName = t(`reading.kinds.${reading.kind}`);
  const isEinvoice = reading.kind === 'einvoice-xml' || reading.kind === 'einvoice-pdf';
  const profile = isEinvoice ? describeEinvoiceProfile(reading.kind, reading.profile) : null;
  return (
    <Badge
      tone={isEinvoice ? 'success' : 'info'}
      data-testid="reading-kind"
      data-kind={reading.kind}
      title={reading.profile ? `${kindName} · ${reading.profile}` : kindName}
    >
      {profile ?? kindName}
    </Badge>
  );
}

/** SPEC §8 "OCR extraction failed, fill in manually": the document stays, the fields are typed by hand. */
export function ReadingFailedAlert({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoice-detail');
  const { i18n } = useTranslation('errors');
  const code = invoice.reading?.errorCode ?? null;
  if (invoice.ocrStatus !== 'failed' && !code) return null;
  // The reader's code in words when the catalogue knows it (a malformed e-invoice, for example).
  const key = `errors:${code ?? ''}`;
  const reason = code && i18n.exists(key) ? i18n.t(key as 'errors:internal') : null;
  return (
    <Alert tone="warning" data-testid="reading-failed">
      <p>{t('states.ocrFailed')}</p>
      {reason ? <p className="text-xs">{reason}</p> : null}
    </Alert>
  );
}

/** Sender, subject and when the e-mail arrived, for invoices that came through the import address. */
export function EmailOrigin({ origin }: { origin: NonNullable<Invoice['emailOrigin']> }) {
  const { t } = useTranslation('invoice-detail');
  return (
    <section
      aria-labelledby="email-origin-title"
      data-testid="email-origin"
      className="flex gap-3 rounded-md border border-border bg-surface px-4 py-3 text-sm"
    >
      <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="grid min-w-0 gap-1">
        <h2 id="email-origin-title" className="font-medium text-foreground">
          {t('emailOrigin.title')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
          <dt className="text-muted-foreground">{t('emailOrigin.sender')}</dt>
          <dd className="break-all" data-testid="email-origin-sender">
            {origin.sender}
          </dd>
          <dt className="text-muted-foreground">{t('emailOrigin.subject')}</dt>
          <dd className="break-words" data-testid="email-origin-subject">
            {origin.subject || '—'}
          </dd>
          <dt className="text-muted-foreground">{t('emailOrigin.receivedAt')}</dt>
          <dd data-testid="email-origin-received">
            <time dateTime={origin.receivedAt}>{formatDateTime(origin.receivedAt, currentLocale())}</time>
          </dd>
        </dl>
      </div>
    </section>
  );
}
