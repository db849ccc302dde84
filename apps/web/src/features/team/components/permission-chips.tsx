import { useTranslation } from 'react-i18next';
import type { Permission, Role } from '@kontor/domain/permissions';
import { Badge } from '@/components/ui/badge';
import { orderedPermissions, PERMISSION_LABEL_KEYS } from '../model/permission-labels';

/** What someone may do, as labelled chips: an admin holds all of them (and stores none). */
export function PermissionChips({ role, permissions }: { role: Role; permissions: readonly Permission[] }) {
  const { t } = useTranslation('team');
  if (role === 'admin') return <Badge tone="primary">{t('allPermissions')}</Badge>;
  if (permissions.length === 0) return <span className="text-muted-foreground">{t('noPermissions')}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {orderedPermissions(permissions).map((permission) => (
        <li key={permission}>
          <Badge>{t(PERMISSION_LABEL_KEYS[permission])}</Badge>
        </li>
      ))}
    </ul>
  );
}
