import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSwitchOrganization } from '@/features/auth/api/switch-organization';
import { useOrganizations } from '@/features/user/api/list-organizations';
import { setFlashMessage } from '@/lib/flash';
import { notifyError } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-context';
import { CreateOrganizationDialog } from './create-organization-dialog';
import { OrgSwitcherTriggerContent, orgSwitcherTriggerClasses } from './org-switcher-trigger';

/**
 * The list of the user's organisations (SPEC §4: switching resets the permission cache and
 * reloads the app in the new organisation) and "create organisation". Loaded on first use.
 */
export function OrgSwitcherMenu() {
  const { t } = useTranslation('shell');
  const { organization } = useSession();
  // It mounts because the user just pressed the trigger: open at once.
  const [isMenuOpen, setIsMenuOpen] = useState(true);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const memberships = useOrganizations({ enabled: isMenuOpen });
  const switchOrganization = useSwitchOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const selectOrganization = (organizationId: string) => {
    const target = memberships.data?.find((membership) => membership.id === organizationId);
    if (!target || target.id === organization.id) return;
    const pending = toast.loading(t('orgSwitcher.switching', { name: target.name }));
    switchOrganization.mutate(target.id, {
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: queryKeys.user.permissionsAll() });
        setFlashMessage(t('orgSwitcher.switched', { name: target.name }));
        // A full load, so nothing of the previous organisation survives in memory.
        window.location.assign(`/${target.slug}`);
      },
      onError: (error) => {
        toast.dismiss(pending);
        notifyError(error, t('orgSwitcher.failed'));
        void navigate(`/${organization.slug}`);
      },
    });
  };

  return (
    <>
      <DropdownMenu open={isMenuOpen} onOpenChange={setIsMenuOpen}>
        <DropdownMenuTrigger data-testid="org-switcher" className={orgSwitcherTriggerClasses}>
          <OrgSwitcherTriggerContent />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>{t('orgSwitcher.heading')}</DropdownMenuLabel>
          {memberships.isPending ? <DropdownMenuItem disabled>{t('orgSwitcher.loading')}</DropdownMenuItem> : null}
          {memberships.isError ? <DropdownMenuItem disabled>{t('orgSwitcher.loadFailed')}</DropdownMenuItem> : null}
          {memberships.data ? (
            <DropdownMenuRadioGroup value={organization.id} onValueChange={selectOrganization}>
              {memberships.data.map((membership) => (
                <DropdownMenuRadioItem key={membership.id} value={membership.id} disabled={switchOrganization.isPending}>
                  <span className="min-w-0 flex-1 truncate">{membership.name}</span>
                  <span className="text-xs text-muted-foreground">{t(`roles.${membership.role}`)}</span>
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setIsCreateOpen(true)}>
            <Plus aria-hidden="true" />
            {t('orgSwitcher.create')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateOrganizationDialog open={isCreateOpen} onOpenChange={setIsCreateOpen} />
    </>
  );
}
