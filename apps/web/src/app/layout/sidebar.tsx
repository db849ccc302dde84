import { BookOpen, LifeBuoy, Sparkles, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { DownloadsPanelHost } from '@/features/downloads/components/downloads-panel-host';
import { DownloadsTrigger } from '@/features/downloads/components/downloads-trigger';
import { usePublicConfig } from '@/features/welcome/api/get-public-config';
import { cn } from '@/lib/cn';
import { canAccess, useSession } from '@/lib/session-context';
import { NAV_ITEMS } from './nav-items';
import { OrgSwitcher } from './org-switcher';
import { UserMenu } from './user-menu';

export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@kontor.app';

const itemClasses =
  'flex w-full items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium text-foreground/80 transition-colors hover:bg-primary-subtle/60 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0';

/** Main navigation: the screens this user may open (SPEC §2, §6), organisation, help and the user menu. */
export function Sidebar({ onNavigate, isDrawer = false }: { onNavigate?: () => void; isDrawer?: boolean }) {
  const { t } = useTranslation(['shell', 'titles']);
  const session = useSession();
  const { organization, user } = session;
  const publicConfig = usePublicConfig();
  const items = NAV_ITEMS.filter(
    (item) => canAccess(session, item.screen.requirement) && !(item.screen.segment === 'onboarding' && user.onboardingCompleted),
  );

  return (
    <div className="flex h-full flex-col gap-3 bg-primary-background px-3 py-3">
      <OrgSwitcher />
      <nav aria-label={t('shell:navigation.label')} className="min-h-0 flex-1 overflow-y-auto">
        <ul className="grid gap-0.5">
          {items.map(({ screen, titleKey, icon: Icon }) => (
            <li key={screen.segment}>
              <NavLink
                to={`/${organization.slug}/${screen.segment}`}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(itemClasses, isActive && 'bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground')
                }
              >
                <Icon aria-hidden="true" />
                {t(`titles:${titleKey}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="grid gap-0.5 border-t border-primary-subtle pt-2">
        <ComingSoonItem icon={Sparkles} label={t('shell:navigation.assistant')} />
        <li>
          <DownloadsTrigger className={itemClasses} onOpen={onNavigate} />
        </li>
        {publicConfig.data?.docsUrl ? (
          <li>
            <a className={itemClasses} href={publicConfig.data.docsUrl} target="_blank" rel="noreferrer">
              <BookOpen aria-hidden="true" />
              {t('shell:navigation.docs')}
            </a>
          </li>
        ) : null}
        <li>
          <a className={itemClasses} href={`mailto:${SUPPORT_EMAIL}`}>
            <LifeBuoy aria-hidden="true" />
            {t('shell:navigation.support')}
          </a>
        </li>
      </ul>
      <div className="border-t border-primary-subtle pt-2">
        <UserMenu />
      </div>
      {/* One panel per page: the desktop sidebar is always mounted (only hidden on small screens), the drawer's copy is not. */}
      {isDrawer ? null : <DownloadsPanelHost />}
    </div>
  );
}

/** A panel a later release opens (AI assistant): visible, but honestly not usable yet. */
function ComingSoonItem({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  const { t } = useTranslation('shell');
  return (
    <li>
      <button type="button" disabled className={cn(itemClasses, 'cursor-not-allowed opacity-60 hover:bg-transparent')}>
        <Icon aria-hidden="true" />
        <span className="flex-1 text-left">{label}</span>
        <Badge tone="neutral">{t('navigation.comingSoon')}</Badge>
      </button>
    </li>
  );
}
