import { useQueryClient } from '@tanstack/react-query';
import { ChevronsUpDown, Plus } from 'lucide-react';
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
import { OrgLogo } from './org-logo';

/**
 * The organisation's logo and name; opens the list of the user's organisations (SPEC §4:
 * switching resets the permission cache and reloads the app in the new organisation).
 */
export function OrgSwitcher() {
  const { t } = useTranslation('shell');
  const { organization } = useSession();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
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
        <DropdownMenuTrigger
          data-testid="org-switcher"
          aria-label={t('orgSwitcher.trigger', { name: organization.name })}
          className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-primary-subtle/60 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <OrgLogo organizationId={organization.id} name={organization.name} hasLogo={organization.hasLogo} />
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-foreground">{organization.name}</span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
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
