import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReminderTemplate } from '@kontor/domain/receivables/reminders/reminder-template';
import { Button } from '@/components/ui/button';
import { ReminderTypeBadge } from './reminder-type-badge';

interface ReminderTemplateTableProps {
  templates: readonly ReminderTemplate[];
  onEdit: (template: ReminderTemplate) => void;
  onDelete: (template: ReminderTemplate) => void;
}

/** The templates in the order they come due: interval, type and subject, with edit and delete per row. */
export function ReminderTemplateTable({ templates, onEdit, onDelete }: ReminderTemplateTableProps) {
  const { t } = useTranslation('payment-reminders');
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" aria-label={t('table.label')}>
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
              {t('table.interval')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('table.type')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('table.subject')}
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => {
            const name = t('interval', { count: template.intervalDays });
            return (
              <tr key={template.id} className="border-t border-border" data-testid="reminder-template-row">
                <td className="px-3 py-2 font-medium whitespace-nowrap">{name}</td>
                <td className="px-3 py-2">
                  <ReminderTypeBadge type={template.type} />
                </td>
                <td className="max-w-md truncate px-3 py-2" title={template.subject}>
                  {template.subject}
                </td>
                <td className="px-3 py-1.5 text-right whitespace-nowrap">
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onEdit(template)}
                    aria-label={t('actions.editNamed', { name })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onDelete(template)}
                    aria-label={t('actions.deleteNamed', { name })}
                  >
                    <Trash2 aria-hidden="true" className="text-danger" />
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
