import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { changeLocale, currentLocale } from '@/lib/i18n';
import { SUPPORTED_LOCALES } from '@/lib/locale';

/**
 * The language switch of public pages: two toggle buttons (no session, so the choice stays on
 * this device). Plain buttons keep the menu machinery out of the welcome page's first load.
 */
export function LanguageMenu() {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  return (
    <div role="group" aria-label={t('languages.label')} className="flex rounded-md border border-border bg-surface p-0.5">
      {SUPPORTED_LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === locale}
          onClick={() => void changeLocale(option)}
          className={cn(
            'rounded px-2.5 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
            option === locale ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {t(`languages.${option}`)}
        </button>
      ))}
    </div>
  );
}
