import { useTranslation } from 'react-i18next';
import type { NotificationOption } from '@kontor/domain/notifications/notification-options';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-error';
import { translateFieldMessage } from '@/lib/form-errors';
import { notifyError, notifyErrorText, notifySuccess } from '@/lib/notify';

interface Props {
  /** The options this member may choose, in the list's order. */
  available: readonly NotificationOption[];
  chosen: readonly NotificationOption[];
  disabled: boolean;
  onToggle: (option: NotificationOption, on: boolean) => void;
  /** Keeps the switches' ids apart when two lists could be on one page. */
  idPrefix: string;
}

/** One switch per e-mail notification with its label and what it sends (user menu and team screen). */
export function NotificationOptionSwitches({ available, chosen, disabled, onToggle, idPrefix }: Props) {
  const { t } = useTranslation('notifications');
  return (
    <ul className="grid gap-4" aria-label={t('dialog.listLabel')}>
      {available.map((option) => (
        <li key={option} className="flex items-start gap-3">
          <Switch
            id={`${idPrefix}-${option}`}
            checked={chosen.includes(option)}
            disabled={disabled}
            onCheckedChange={(on) => onToggle(option, on)}
          />
          <div className="grid gap-1">
            <Label htmlFor={`${idPrefix}-${option}`}>{t(`options.${option}.label`)}</Label>
            <p className="text-xs text-muted-foreground">{t(`options.${option}.description`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The choice after switching `option` on or off. */
export function toggledOptions(
  chosen: readonly NotificationOption[],
  option: NotificationOption,
  on: boolean,
): NotificationOption[] {
  return on ? [...chosen.filter((item) => item !== option), option] : chosen.filter((item) => item !== option);
}

/** The toasts of a saved switch: what changed, or why not (a refused option names its rule). */
export function useNotificationToasts() {
  const { t } = useTranslation(['notifications', 'validation']);
  return {
    saved: (option: NotificationOption, on: boolean) =>
      notifySuccess(t(on ? 'dialog.switchedOn' : 'dialog.switchedOff', { option: t(`options.${option}.label`) })),
    failed: (error: unknown) => {
      const reason = isApiError(error) ? translateFieldMessage(error.fieldErrors?.options?.[0]) : undefined;
      if (reason) notifyErrorText(reason, t('dialog.saveFailed'));
      else notifyError(error, t('dialog.saveFailed'));
    },
  };
}
