import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@kontor/domain/team/team-schemas';
import { updateTeamMemberBodySchema } from '@kontor/domain/team/team-schemas';
import { storedPermissions } from '@kontor/domain/team/team-rules';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { hasErrorCode } from '@/lib/api-error';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useTeamMemberMutations } from '../api/team-members';
import { memberDisplayName } from '../model/team-access';
import { PermissionCheckboxes, RoleSelect } from './role-permission-fields';
import { useTeamViewer } from './use-team-viewer';

const roleAndPermissionsSchema = updateTeamMemberBodySchema.omit({ version: true });

const formValues = (member: TeamMember) => ({ role: member.role, permissions: [...member.permissions] });

/**
 * A member's role and permissions, saved with the version they were read at. When someone else
 * changed the member meanwhile (409), nothing is overwritten: the dialog says so and reloads.
 */
export function EditMemberDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const { t } = useTranslation(['team', 'validation']);
  const viewer = useTeamViewer();
  const { update } = useTeamMemberMutations();
  const [staleError, setStaleError] = useState<unknown>(null);
  const form = useForm({
    resolver: zodResolver(roleAndPermissionsSchema, zodErrorOptions),
    defaultValues: formValues(member),
  });
  const roleError = translateFieldMessage(form.formState.errors.role?.message);
  const role = form.watch('role');
  const name = memberDisplayName(member);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync({
        userId: member.userId,
        role: input.role,
        permissions: storedPermissions(input.role, input.permissions),
        version: member.version,
      });
      notifySuccess(t('edit.saved', { name }));
      onClose();
    } catch (error) {
      if (hasErrorCode(error, 'stale_version')) setStaleError(error);
      else notifyError(error, t('edit.failed'));
    }
  });

  // `member` is the list's newest row: after the 409 the list refetched, so this shows what is saved now.
  const reload = () => {
    form.reset(formValues(member));
    setStaleError(null);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl" data-testid="edit-member-dialog">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('edit.title')}</DialogTitle>
            <DialogDescription>{t('edit.description', { name, email: member.email })}</DialogDescription>
          </DialogHeader>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <RoleSelect
                id="edit-member-role"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                triggerRef={field.ref}
                error={roleError}
                viewer={viewer}
              />
            )}
          />
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <PermissionCheckboxes
                idPrefix="edit-member"
                role={role}
                value={field.value}
                onChange={field.onChange}
                viewer={viewer}
              />
            )}
          />
          {staleError ? (
            <Alert tone="warning">
              <p>{getErrorMessage(staleError)}</p>
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={reload}>
                {t('edit.reload')}
              </Button>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" isLoading={form.formState.isSubmitting} disabled={staleError !== null}>
              {t('edit.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
