import { FileSpreadsheet, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ListExportFormat } from '@kontor/domain/list-export';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { ReactElement } from 'react';

/** The formats to choose from; mounted open, because the user just pressed the trigger (useDeferredMenu). */
export function ExportListMenu({ trigger, onExport }: { trigger: ReactElement; onExport: (format: ListExportFormat) => void }) {
  const { t } = useTranslation('common');
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuItem onSelect={() => onExport('xlsx')}>
          <FileSpreadsheet aria-hidden="true" />
          {t('listExport.xlsx')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onExport('csv')}>
          <FileText aria-hidden="true" />
          {t('listExport.csv')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
