import { Copy, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useImportAddress } from '../api/get-import-address';

/**
 * "Or forward invoices by e-mail to …" with a copy button. Nothing shows while the address
 * loads or when it cannot be had: uploading works without it.
 */
export function ImportAddressHint() {
  const { t } = useTranslation('invoices');
  const query = useImportAddress();
  if (!query.data?.address) return null;
  const { address } = query.data;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(t('importAddress.copied', { address }));
    } catch {
      toast.error(t('importAddress.copyFailed'));
    }
  };

  return (
    <section
      aria-labelledby="import-address-title"
      data-testid="import-address"
      className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/40 px-4 py-3"
    >
      <Mail aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h3 id="import-address-title" className="text-sm font-medium text-foreground">
          {t('importAddress.title')}
        </h3>
        <p className="text-xs text-muted-foreground">{t('importAddress.description')}</p>
        <code className="truncate font-mono text-sm text-foreground" data-testid="import-address-value">
          {address}
        </code>
      </div>
      <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={t('importAddress.copyLabel', { address })}>
        <Copy aria-hidden="true" />
        {t('importAddress.copy')}
      </Button>
    </section>
  );
}
