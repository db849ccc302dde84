import { useTranslation } from 'react-i18next';

interface ImportPreviewTableProps {
  headers: readonly string[];
  rows: readonly (readonly string[])[];
}

/** The first rows of the file as they were read (encoding, delimiter and umlauts visible before the import). */
export function ImportPreviewTable({ headers, rows }: ImportPreviewTableProps) {
  const { t } = useTranslation('counterparty-import');
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-medium">{t('mapping.previewTitle')}</h3>
      <div className="max-h-64 overflow-auto rounded-md border border-border">
        <table className="w-full text-sm" aria-label={t('mapping.previewTitle')} data-testid="import-preview">
          <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium">
                {t('mapping.previewRow')}
              </th>
              {headers.map((header, index) => (
                <th key={`${index}-${header}`} scope="col" className="whitespace-nowrap px-3 py-1.5 font-medium">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, rowIndex) => (
              <tr key={rowIndex} className="border-t border-border">
                <td className="px-3 py-1.5 tabular-nums text-muted-foreground">{rowIndex + 1}</td>
                {headers.map((header, index) => (
                  <td key={`${index}-${header}`} className="max-w-48 truncate whitespace-nowrap px-3 py-1.5">
                    {cells[index] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
