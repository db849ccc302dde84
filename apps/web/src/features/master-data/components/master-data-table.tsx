import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface Column<T> {
  key: string;
  header: string;
  cell: (item: T) => ReactNode;
  className?: string;
}

interface MasterDataTableProps<T extends { id: string }> {
  label: string;
  items: T[];
  columns: Column<T>[];
  /** Used in the action buttons' accessible names: "Edit 4711". */
  nameOf: (item: T) => string;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  /** Rows that cannot be deleted (system tax keys) get no delete button. */
  canDelete?: (item: T) => boolean;
}

/** A dense list with edit and delete per row. */
export function MasterDataTable<T extends { id: string }>({
  label,
  items,
  columns,
  nameOf,
  onEdit,
  onDelete,
  canDelete = () => true,
}: MasterDataTableProps<T>) {
  const { t } = useTranslation('master-data');
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cn('px-3 py-2 font-medium', column.className)}>
                {column.header}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-border" data-testid="master-data-row">
              {columns.map((column) => (
                <td key={column.key} className={cn('px-3 py-2', column.className)}>
                  {column.cell(item)}
                </td>
              ))}
              <td className="px-3 py-1.5 text-right whitespace-nowrap">
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onEdit(item)}
                  aria-label={t('actions.editNamed', { name: nameOf(item) })}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                {canDelete(item) ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onDelete(item)}
                    aria-label={t('actions.deleteNamed', { name: nameOf(item) })}
                  >
                    <Trash2 aria-hidden="true" className="text-danger" />
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
