import { and, eq } from 'drizzle-orm';
import { DEFAULT_EXPORT_SETTINGS, type ExportSettings, type ExportSettingsInput } from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { exportSettings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { actorOf, tenant } from '../approvals/context';
import { diffFields, writeActivity } from '../activity-log/writer';

type SettingsRow = typeof exportSettings.$inferSelect;

function toSettings(row: SettingsRow | undefined): ExportSettings {
  if (!row) return { ...DEFAULT_EXPORT_SETTINGS, version: 1 };
  const { organizationId: _organization, updatedAt: _updated, ...settings } = row;
  return settings;
}

/** The organisation's export settings; the defaults until an admin saves them. */
export async function readExportSettings(tx: Tx, orgId: OrgId): Promise<ExportSettings> {
  const [row] = await tx.select().from(exportSettings).where(eq(exportSettings.organizationId, orgId));
  return toSettings(row);
}

/** Settings › Export (issue 41 item 2): read by whoever exports, changed by admins, guarded by a version. */
export class ExportSettingsService {
  constructor(private readonly database: Database) {}

  get(org: OrgContext): Promise<ExportSettings> {
    return this.database.withOrg(tenant(org), (tx) => readExportSettings(tx, org.orgId), { readOnly: true });
  }

  update(org: OrgContext, input: ExportSettingsInput & { version: number }): Promise<ExportSettings> {
    return this.database.withOrg(tenant(org), async (tx) => {
      const [locked] = await tx.select().from(exportSettings).where(eq(exportSettings.organizationId, org.orgId)).for('update');
      const before = toSettings(locked);
      if (before.version !== input.version) throw new AppError('stale_version');
      const { version: _version, ...fields } = input as ExportSettings;
      let row: SettingsRow | undefined;
      if (locked) {
        [row] = await tx
          .update(exportSettings)
          .set({ ...fields, version: before.version + 1, updatedAt: new Date() })
          .where(and(eq(exportSettings.organizationId, org.orgId), eq(exportSettings.version, before.version)))
          .returning();
      } else {
        // The first save: a concurrent first save loses on the primary key and is told the data moved on.
        [row] = await tx
          .insert(exportSettings)
          .values({ ...fields, organizationId: org.orgId, version: 2 })
          .onConflictDoNothing()
          .returning();
      }
      if (!row) throw new AppError('stale_version');
      await writeActivity(tx, org.orgId, {
        entityType: 'organization',
        entityId: org.orgId,
        action: 'update',
        actor: actorOf(org),
        changes: { exportSettings: diffFields(before as unknown as Record<string, unknown>, fields) },
      });
      return toSettings(row);
    });
  }
}
