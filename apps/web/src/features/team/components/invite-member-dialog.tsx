import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createInvitationBodySchema } from '@kontor/domain/team/team-schemas';
import { storedPermissions } from '@kontor/domain/team/team-rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { hasErrorCode, isApiError } from '@/lib/api-error';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { isAdmin, useSession } from '@/lib/session-context';
import { useInvitationMutations } from '../api/team-invitations';
import { PermissionCheckboxes, RoleSelect } from './role-permission-fields';
import { useTeamViewer } from './use-team-viewer';

/** Refusals about the address itself, shown under the field rather than as a toast. */
const EMAIL_REFUSALS = ['invitation_already_member', 'invitation_already_pending'];

/**
 * Invites someone by e-mail with a role (none preselected: SPEC §5 wants one chosen) and, for a
 * user, the permissions. The server mails the link; the plan's user limit (402) is explained here.
 */
export function InviteMemberDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['team', 'validation']);
  const session = useSession();
  const viewer = useTeamViewer();
  const { create } = useInvitationMutations();
  const [limitError, setLimitError] = useState<unknown>(null);
  const form = useForm({
    resolver: zodResolver(createInvitationBodySchema, zodErrorOptions),
    defaultValues: { email: '', role: undefined, permissions: [] },
  });
  const errors = form.formState.errors;
  const emailError = translateFieldMessage(errors.email?.message);
  const roleError = translateFieldMessage(errors.role?.message);
  const role = form.watch('role');

  /** A refusal that belongs to a field goes onto it; true when one did. */
  const showOnFields = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    if (EMAIL_REFUSALS.includes(error.code)) {
      form.setError('email', { type: 'server', message: getErrorMessage(error) }, { shouldFocus: true });
      return true;
    }
    let isShown = false;
    for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
      const message = translateFieldMessage(messages[0]);
      if ((field === 'email' || field === 'role') && message) {
        form.setError(field, { type: 'server', message });
        isShown = true;
      }
    }
    return isShown;
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setLimitError(null);
    try {
      await create.mutateAsync({ ...input, permissions: storedPermissions(input.role, input.permissions) });
      notifySuccess(t('invite.sent', { email: input.email }));
      onClose();
    } catch (error) {
      if (hasErrorCode(error, 'team_user_limit_reached')) setLimitError(error);
      else if (!showOnFields(error)) notifyError(error, t('invite.failed'));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl" data-testid="invite-member-dialog">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('invite.title')}</DialogTitle>
            <DialogDescription>{t('invite.description', { organization: session.organization.name })}</DialogDescription>
          </DialogHeader>
          <FormField id="invite-email" label={t('invite.email')} error={emailError}>
            <Input
              {...form.register('email')}
              {...fieldAria('invite-email', { error: emailError })}
              type="email"
              autoComplete="off"
              maxLength={320}
            />
          </FormField>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <RoleSelect
                id="invite-role"
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
              <PermissionCheckboxes idPrefix="invite" role={role} value={field.value} onChange={field.onChange} viewer={viewer} />
            )}
          />
          {limitError ? <UserLimitPrompt error={limitError} /> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              {t('invite.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The plan's user limit is reached (402): admins get the way to billing, others who to ask. */
function UserLimitPrompt({ error }: { error: unknown }) {
  const { t } = useTranslation('team');
  const session = useSession();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-warning/40 bg-warning-background p-3 text-sm"
    >
      <Sparkles aria-hidden="true" className="size-5 text-warning" />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-foreground">{t('invite.limitTitle')}</p>
        <p className="text-muted-foreground">{getErrorMessage(error)}</p>
        {isAdmin(session) ? null : <p className="text-muted-foreground">{t('invite.limitMember')}</p>}
      </div>
      {isAdmin(session) ? (
        <Button asChild size="sm">
          <Link to={`/${session.organization.slug}/settings/billing`}>{t('invite.upgrade')}</Link>
        </Button>
      ) : null}
    </div>
  );
}
