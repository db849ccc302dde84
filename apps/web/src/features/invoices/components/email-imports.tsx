import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { formatDate } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { can, useSession } from '@/lib/session-context';
import { useEmailImports } from '../api/list-email-imports';

/**
 * The latest mails received at the import address, with the attachments that could not become an
 * invoice and why (SPEC §8). Senders and subjects can reveal invoices others may not see, so only
 * users who see all invoices get the list (as the server decides too).
 */
export function EmailImports() {
  const { t, i18n } = useTranslation(['invoices', 'errors']);
  const session = useSession();
  const isAllowed = can(session, 'ap_invoices:manage');
  const query = useEmailImports(isAllowed);
  if (!isAllowed || query.isPending) return null;
  if (query.isError) return <Alert tone="danger">{t('invoices:emailImports.loadFailed')}</Alert>;
  const imports = query.data.items.slice(0, 5);
  if (imports.length === 0) return null;
  const locale = currentLocale();
  // The reason is an error code of the catalogue (e.g. upload_unsupported_type).
  const reasonText = (code: string, params: Record<string, string | number> | undefined) => {
    const key = `errors:${code}`;
    return i18n.exists(key) ? i18n.t(key as 'errors:internal', params ?? {}) : code;
  };
  return (
    <section aria-labelledby="email-imports-title" className="grid gap-2" data-testid="email-imports">
      <h3 id="email-imports-title" className="text-sm font-medium text-foreground">
        {t('invoices:emailImports.title')}
      </h3>
      <ul className="grid gap-2 text-sm">
        {imports.map((mail) => (
          <li key={mail.id} className="rounded-md border border-border px-3 py-2" data-testid="email-import">
            <p className="truncate text-foreground">{mail.subject || t('invoices:emailImports.noSubject')}</p>
            <p className="text-xs text-muted-foreground">
              {t('invoices:emailImports.from', { sender: mail.sender, date: formatDate(mail.receivedAt, locale) })}
              {' · '}
              {t('invoices:emailImports.created', { count: mail.invoiceIds.length })}
            </p>
            {mail.rejected.length > 0 ? (
              <ul className="mt-1 grid gap-0.5 text-xs text-destructive">
                {mail.rejected.map((attachment) => (
                  <li key={attachment.fileName} data-testid="email-import-rejected">
                    {t('errors:email_import_not_turned_into_invoice', { fileName: attachment.fileName })}{' '}
                    <span className="text-muted-foreground">({reasonText(attachment.reason, attachment.params)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
