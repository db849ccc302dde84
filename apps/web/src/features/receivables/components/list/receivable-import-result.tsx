import { useTranslation } from 'react-i18next';
import type { ArImportResult } from '@kontor/domain/receivables/receivable-view';
import { Alert } from '@/components/ui/alert';
import { formatMoney } from '@/lib/format';

/** What the CSV import took over, and each row it left out with the reason (and the difference). */
export function ReceivableImportResult({ result }: { result: ArImportResult }) {
  const { t } = useTranslation('receivables');
  return (
    <div className="grid gap-3" data-testid="receivable-import-result">
      <Alert tone={result.skipped.length > 0 ? 'warning' : 'info'}>
        <p>{t('import.created', { count: result.created })}</p>
        {result.createdCustomers > 0 ? <p>{t('import.createdCustomers', { count: result.createdCustomers })}</p> : null}
        {result.skipped.length > 0 ? <p>{t('import.skipped', { count: result.skipped.length })}</p> : null}
      </Alert>
      {result.skipped.length > 0 ? (
        <div className="max-h-64 overflow-y-auto rounded-md border border-border">
          <table className="w-full text-sm" aria-label={t('import.skippedTable')}>
            <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('import.row')}
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('import.invoiceNumber')}
                </th>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {t('import.reason')}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.skipped.map((row) => (
                <tr key={`${row.row}-${row.invoiceNumber}`} className="border-t border-border">
                  <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
                  <td className="px-3 py-1.5">{row.invoiceNumber || '—'}</td>
                  <td className="px-3 py-1.5">
                    {t(`import.reasons.${row.reason}`, {
                      field: row.field ? t(`import.columns.${row.field as 'invoiceNumber'}`, { defaultValue: row.field }) : '',
                      difference: row.difference !== undefined ? formatMoney(row.difference) : '',
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
