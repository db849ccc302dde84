import { Languages, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@kontor/domain/auth';
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
import { setFlashMessage } from '@/lib/flash';
import { changeLocale, currentLocale } from '@/lib/i18n';
import { getInitials } from '@/lib/format';
import { isLocale, SUPPORTED_LOCALES } from '@/lib/locale';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';

/** The signed-in user: language (stored on the device and on the server) and logout. */
export function UserMenu() {
  const { t } = useTranslation(['shell', 'common']);
  const { user } = useSession();
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
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        aria-label={t('shell:userMenu.trigger', { name: user.name || user.email })}
        className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-primary-subtle/60 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-subtle text-xs font-semibold text-primary">
          {getInitials(user.name || user.email)}
        </span>
        <span className="grid min-w-0 flex-1 text-sm">
          <span className="truncate font-medium text-foreground">{user.name || user.email}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </span>
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
          <DropdownMenuItem
            disabled={logout.isPending}
            onSelect={() => logout.mutate(undefined, { onError: (error) => notifyError(error, t('shell:userMenu.logoutFailed')) })}
          >
            <LogOut aria-hidden="true" />
            {t('shell:userMenu.logout')}
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
