import type { TenantContext } from '../../db/database';
import type { OrgContext } from '../../plugins/session';
import type { Actor } from '../activity-log/writer';

export const tenant = (org: OrgContext): TenantContext => ({ orgId: org.orgId, userId: org.userId });
export const actorOf = (org: OrgContext): Actor => ({ type: 'user', id: org.userId });
