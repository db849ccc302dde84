import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '@/components/public-layout';

type LegalPage = 'terms' | 'privacy';

const SECTIONS = ['scope', 'data', 'contact'] as const;

function LegalDocument({ page }: { page: LegalPage }) {
  const { t } = useTranslation('legal');
  return (
    <PublicLayout>
      <article className="mx-auto grid max-w-3xl gap-6 rounded-lg border border-border bg-surface p-6 sm:p-10">
        <header className="grid gap-2">
          <h1 className="text-2xl font-semibold text-primary">{t(`${page}.title`)}</h1>
          <p className="text-sm text-muted-foreground">{t(`${page}.intro`)}</p>
        </header>
        {SECTIONS.map((section) => (
          <section key={section} className="grid gap-2">
            <h2 className="text-base font-semibold">{t(`${page}.sections.${section}.title`)}</h2>
            <p className="text-sm leading-relaxed text-foreground/90">{t(`${page}.sections.${section}.body`)}</p>
          </section>
        ))}
        <Link to="/" className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('back')}
        </Link>
      </article>
    </PublicLayout>
  );
}

export function TermsRoute() {
  return <LegalDocument page="terms" />;
}

export function PrivacyRoute() {
  return <LegalDocument page="privacy" />;
}
