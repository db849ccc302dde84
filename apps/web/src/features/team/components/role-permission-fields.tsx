import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type Permission, type Role } from '@kontor/domain/permissions';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { canGrantAdmin, canGrantPermission, type TeamViewer } from '../model/team-access';
import { PERMISSION_LABEL_KEYS } from '../model/permission-labels';

const ROLE_CHOICES = ['admin', 'user'] as const satisfies readonly Role[];

function isRole(value: string): value is Role {
  return (ROLE_CHOICES as readonly string[]).includes(value);
}

interface RoleSelectProps {
  id: string;
  /** Nothing chosen yet on a new invitation: the user must choose (SPEC §5). */
  value: Role | undefined;
  onChange: (role: Role) => void;
  onBlur: () => void;
  triggerRef: Ref<HTMLButtonElement>;
  error: string | undefined;
  viewer: TeamViewer;
}

/** Administrator or User; only an admin may choose Administrator. */
export function RoleSelect({ id, value, onChange, onBlur, triggerRef, error, viewer }: RoleSelectProps) {
  const { t } = useTranslation('team');
  const mayGrantAdmin = canGrantAdmin(viewer);
  return (
    <FormField id={id} label={t('form.role')} hint={mayGrantAdmin ? undefined : t('form.adminOnly')} error={error}>
      <Select value={value ?? ''} onValueChange={(next) => (isRole(next) ? onChange(next) : undefined)}>
        <SelectTrigger ref={triggerRef} onBlur={onBlur} {...fieldAria(id, { error, hint: !mayGrantAdmin })}>
          <SelectValue placeholder={t('form.rolePlaceholder')} />
        </SelectTrigger>
        <SelectContent>
          {ROLE_CHOICES.map((role) => (
            <SelectItem key={role} value={role} disabled={role === 'admin' && !mayGrantAdmin}>
              {t(`roles.${role}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

interface PermissionCheckboxesProps {
  idPrefix: string;
  role: Role | undefined;
  value: readonly Permission[];
  onChange: (permissions: Permission[]) => void;
  viewer: TeamViewer;
}

/**
 * One checkbox per permission. For an administrator all are ticked and locked: they hold every
 * permission. A manager who is no admin can tick only what they hold, but may untick anything.
 */
export function PermissionCheckboxes({ idPrefix, role, value, onChange, viewer }: PermissionCheckboxesProps) {
  const { t } = useTranslation('team');
  const isAdminRole = role === 'admin';
  const hintId = `${idPrefix}-permissions-hint`;
  const toggle = (permission: Permission, isChecked: boolean) =>
    onChange(isChecked ? [...value, permission] : value.filter((held) => held !== permission));

  return (
    <fieldset className="grid gap-2" aria-describedby={hintId}>
      <legend className="mb-2 text-sm leading-none font-medium text-foreground">{t('form.permissions')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PERMISSIONS.map((permission) => {
          const id = `${idPrefix}-permission-${permission.replace(':', '-')}`;
          const isHeld = value.includes(permission);
          return (
            <div key={permission} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={isAdminRole || isHeld}
                disabled={isAdminRole || (!isHeld && !canGrantPermission(viewer, permission))}
                onCheckedChange={(checked) => toggle(permission, checked === true)}
              />
              <Label htmlFor={id}>{t(PERMISSION_LABEL_KEYS[permission])}</Label>
            </div>
          );
        })}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {isAdminRole
          ? t('form.adminHint')
          : viewer.role === 'admin'
            ? t('form.permissionsHint')
            : `${t('form.permissionsHint')} ${t('form.notHeldHint')}`}
      </p>
    </fieldset>
  );
}
