import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SETTINGS_TABS, type SettingsTab } from '@kontor/domain/screens';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session-context';

/** "/acme/settings/approval-flows/detail/7" → "approval-flows". */
export function activeSettingsTab(pathname: string): SettingsTab {
  const [, , , tab] = pathname.split('/');
  return (SETTINGS_TABS as readonly string[]).includes(tab ?? '') ? (tab as SettingsTab) : 'general';
}

/** /{slug}/settings/*: the settings tabs of SPEC §2 (admins only; the guard checks). */
export function SettingsLayoutRoute() {
  const { t } = useTranslation('settings');
  const { organization } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const activeTab = activeSettingsTab(pathname);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs
        value={activeTab}
        activationMode="manual"
        onValueChange={(tab) => void navigate(`/${organization.slug}/settings/${tab}`)}
      >
        {/* Fourteen sections: they wrap onto a second row rather than hide the last ones off the edge. */}
        <TabsList aria-label={t('tabsLabel')} className="flex-wrap">
          {SETTINGS_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={activeTab}>
          <Outlet />
        </TabsContent>
      </Tabs>
    </>
  );
}
