import { Bell, CalendarOff, Languages, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@kontor/domain/auth';
import { LazyOwnAbsenceDialog } from '@/components/absences/lazy-own-absence-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLogout } from '@/features/auth/api/logout';
import { useUpdateLocale } from '@/features/user/api/update-locale';
import { LazyNotificationOptionsDialog } from '@/features/user/components/lazy-notification-options-dialog';
import { setFlashMessage } from '@/lib/flash';
import { changeLocale, currentLocale } from '@/lib/i18n';
import { isLocale, SUPPORTED_LOCALES } from '@/lib/locale';
import { notifyError, notifySuccess } from '@/lib/notify';
import { UserMenuTriggerContent, userMenuTriggerClasses } from './user-menu-trigger';

/**
 * The signed-in user's menu: language (stored on the device and on the server), their absence and
 * substitute, their e-mail notifications, and logout. Loaded on first use.
 */
export function UserMenuContent() {
  const { t } = useTranslation(['shell', 'common', 'absences']);
  const [absenceOpen, setAbsenceOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const logout = useLogout({ beforeLeave: () => setFlashMessage(t('shell:userMenu.loggedOut')) });
  const updateLocale = useUpdateLocale();

  const selectLocale = async (value: string) => {
    if (!isLocale(value) || value === currentLocale()) return;
    const locale: Locale = value;
    await changeLocale(locale);
    updateLocale.mutate(locale, {
      onSuccess: () => notifySuccess(t('shell:userMenu.languageChanged')),
      onError: (error) => notifyError(error, t('shell:userMenu.languageSaveFailed')),
    });
  };

  return (
    <>
      {/* It mounts because the user just pressed the trigger: open at once. */}
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger data-testid="user-menu" className={userMenuTriggerClasses}>
          <UserMenuTriggerContent />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" side="top" className="w-64">
          <DropdownMenuLabel className="flex items-center gap-2">
            <Languages aria-hidden="true" className="size-3.5" />
            {t('shell:userMenu.language')}
          </DropdownMenuLabel>
          <DropdownMenuRadioGroup value={currentLocale()} onValueChange={(value) => void selectLocale(value)}>
            {SUPPORTED_LOCALES.map((locale) => (
              <DropdownMenuRadioItem key={locale} value={locale} lang={locale}>
                {t(`common:languages.${locale}`)}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuItem onSelect={() => setAbsenceOpen(true)}>
              <CalendarOff aria-hidden="true" />
              {t('absences:menuItem')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setNotificationsOpen(true)}>
              <Bell aria-hidden="true" />
              {t('shell:userMenu.notifications')}
            </DropdownMenuItem>
            <DropdownMenuItem
              disabled={logout.isPending}
              onSelect={() =>
                logout.mutate(undefined, { onError: (error) => notifyError(error, t('shell:userMenu.logoutFailed')) })
              }
            >
              <LogOut aria-hidden="true" />
              {t('shell:userMenu.logout')}
            </DropdownMenuItem>
          </DropdownMenuGroup>
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyOwnAbsenceDialog open={absenceOpen} onOpenChange={setAbsenceOpen} />
      <LazyNotificationOptionsDialog open={notificationsOpen} onOpenChange={setNotificationsOpen} />
    </>
  );
}
