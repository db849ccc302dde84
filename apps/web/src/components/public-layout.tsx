import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from './language-menu';

/** The frame of every public page: brand, language switch, and the terms and privacy links. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col bg-primary-background">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold text-primary">
          <img src="/favicon.svg" alt="" className="size-7" />
          {t('appName')}
        </Link>
        <LanguageMenu />
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-10">{children}</main>
      <footer className="mx-auto flex w-full max-w-5xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-muted-foreground sm:px-6">
        <span>
          © {new Date().getFullYear()} {t('appName')}
        </span>
        <Link to="/terms" className="hover:text-primary hover:underline">
          {t('links.terms')}
        </Link>
        <Link to="/privacy" className="hover:text-primary hover:underline">
          {t('links.privacy')}
        </Link>
      </footer>
    </div>
  );
}
