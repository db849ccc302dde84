import { useTranslation } from 'react-i18next';
import { getInitials } from '@/lib/format';
import { useSession } from '@/lib/session-context';

export const userMenuTriggerClasses =
  'flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-primary-subtle/60 focus-visible:outline-2 focus-visible:outline-ring';

/** What the user menu's button shows: initials, name and e-mail; its accessible name is this text and the hint. */
export function UserMenuTriggerContent() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const displayName = user.name || user.email;
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-subtle text-xs font-semibold text-primary"
      >
        {getInitials(displayName)}
      </span>
      <span className="grid min-w-0 flex-1 text-sm">
        <span className="truncate font-medium text-foreground">{displayName}</span>
        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        <span className="sr-only">{t('userMenu.triggerHint')}</span>
      </span>
    </>
  );
}
