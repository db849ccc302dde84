import { ChevronsUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { OrgLogo } from './org-logo';

export const orgSwitcherTriggerClasses =
  'flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-primary-subtle/60 focus-visible:outline-2 focus-visible:outline-ring';

/**
 * What the organisation switcher's button shows: logo, name and the switch hint. Its accessible
 * name is this text ("Demo GmbH, switch or create organisation"), so it starts with what is seen.
 */
export function OrgSwitcherTriggerContent() {
  const { t } = useTranslation('shell');
  const { organization } = useSession();
  return (
    <>
      <OrgLogo organizationId={organization.id} name={organization.name} hasLogo={organization.hasLogo} />
      <span className="min-w-0 flex-1 truncate text-sm font-semibold text-foreground">
        {organization.name}
        <span className="sr-only">, {t('orgSwitcher.triggerHint')}</span>
      </span>
      <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </>
  );
}
