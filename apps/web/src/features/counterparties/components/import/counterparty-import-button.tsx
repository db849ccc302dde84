import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

// The dialog (mapping, preview, result) is only loaded when someone imports.
const CounterpartyImportDialog = lazy(() =>
  import('./counterparty-import-dialog').then((module) => ({ default: module.CounterpartyImportDialog })),
);

/** The list header's "Import" action; shown only to those who may create counterparties. */
export function CounterpartyImportButton() {
  const { t } = useTranslation('counterparty-import');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {t('open')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CounterpartyImportDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
