import { useTranslation } from 'react-i18next';
import type { ReminderType } from '@kontor/domain/receivables/reminders/reminder-template';
import { Badge } from '@/components/ui/badge';
import { REMINDER_TYPE_TONES } from '../model/template-form';

export function ReminderTypeBadge({ type }: { type: ReminderType }) {
  const { t } = useTranslation('payment-reminders');
  return (
    <Badge tone={REMINDER_TYPE_TONES[type]} data-testid="reminder-type">
      {t(`types.${type}`)}
    </Badge>
  );
}
