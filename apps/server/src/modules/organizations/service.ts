import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEFAULT_REQUIRED_FIELDS,
  EMPTY_COMPANY_DETAILS,
  isHolidayRegion,
  PERMISSIONS,
  RESERVED_SLUGS,
  slugify,
  type Organization,
  type UpdateOrganizationBody,
  type UpdateRequiredFieldsBody,
} from '@kontor/domain';
import type { Database, OrgId } from '../../db/database';
import { asOrgId } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { OrgContext } from '../../plugins/session';
import { diffFields, writeActivity } from '../activity-log/writer';
import { seedSystemTaxKeys } from '../master-data/system-tax-keys';
import { createTrialSubscription } from '../subscriptions/service';
import {
  findMemberOrganizationBySlug,
  findOrganization,
  insertMembership,
  insertOrganization,
  listSlugsLike,
  updateOrganizationVersioned,
  type OrganizationRow,
} from './repo';

export function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    slug: row.slug,
    authId: row.authId,
    name: row.name,
    hasLogo: row.logoKey !== null,
    accountsPayableNumbering: { enabled: row.apNumberingEnabled, startNumber: row.apStartNumber },
    accountsReceivableNumbering: { enabled: row.arNumberingEnabled, startNumber: row.arStartNumber },
    requiredFields: { ...DEFAULT_REQUIRED_FIELDS, ...row.requiredFields },
    paymentRunCreationStrategy: row.paymentRunCreationStrategy,
    paymentStrategy: row.paymentStrategy,
    requiredVerifiers: row.requiredVerifiers,
    approvalReminderDays: row.approvalReminderDays,
    fourEyesApproval: row.fourEyesApproval,
    bankAutoMatch: row.bankAutoMatch,
    bankMatchTolerance: row.bankMatchTolerance,
    companyDetails: { ...EMPTY_COMPANY_DETAILS, ...row.companyDetails },
    timeZone: row.timeZone,
    holidayRegion: isHolidayRegion(row.holidayRegion) ? row.holidayRegion : 'DE',
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const tenant = (org: OrgContext) => ({ orgId: org.orgId, userId: org.userId });

/** The first free slug: "demo", then "demo-2", "demo-3" … (reserved words get a suffix too). */
export function pickFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return (error as { code?: string }).code === '23505' || cause?.code === '23505';
}

export interface CreateOrganizationOptions {
  name: string;
  /** Use this slug as the base instead of one derived from the name (demo seed). */
  slug?: string;
  adminUserId: string;
}

/** Creates an organisation with its creator as admin and a trial subscription, in one transaction. */
export async function createOrganization(database: Database, options: CreateOrganizationOptions): Promise<OrganizationRow> {
  const base = options.slug ?? slugify(options.name);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      return await database.withSystem(async (tx) => {
        const slug = pickFreeSlug(base, await listSlugsLike(tx, base));
        const row = await insertOrganization(tx, {
          slug,
          authId: `org_${randomBytes(12).toString('hex')}`,
          name: options.name,
          requiredFields: DEFAULT_REQUIRED_FIELDS,
          paymentRunCreationStrategy: { mode: 'disabled' },
          paymentStrategy: 'due_date',
        });
        const orgId = asOrgId(row.id);
        await insertMembership(tx, {
          organizationId: orgId,
          userId: options.adminUserId,
          role: 'admin',
          permissions: [...PERMISSIONS],
        });
        await createTrialSubscription(tx, orgId);
        await seedSystemTaxKeys(tx, orgId);
        await writeActivity(tx, orgId, {
          entityType: 'organization',
          entityId: orgId,
          action: 'create',
          actor: { type: 'user', id: options.adminUserId },
          changes: { name: options.name, slug },
        });
        return row;
      });
    } catch (error) {
      // Two organisations with the same name created at the same instant: take the next slug.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new AppError('organization_create_failed');
}

/**
 * Organisations are read on every page load (management call); a process keeps them in memory
 * and drops an entry when the database says it changed (migration 0002's triggers).
 */
export class OrganizationCache {
  private readonly entries = new Map<string, { organization: Organization; at: number }>();
  constructor(private readonly isLive: () => boolean) {}
  get(orgId: string): Organization | undefined {
    const entry = this.entries.get(orgId);
    if (!entry || !this.isLive() || Date.now() - entry.at > 60_000) return undefined;
    return entry.organization;
  }
  set(organization: Organization): void {
    this.entries.set(organization.id, { organization, at: Date.now() });
  }
  drop(orgId: string | 'all'): void {
    if (orgId === 'all') this.entries.clear();
    else this.entries.delete(orgId);
  }
}

export class OrganizationService {
  constructor(
    private readonly database: Database,
    private readonly cache: OrganizationCache,
  ) {}

  async getCurrent(org: OrgContext): Promise<Organization> {
    const cached = this.cache.get(org.orgId);
    if (cached) return cached;
    const row = await this.database.withOrg(tenant(org), (tx) => findOrganization(tx, org.orgId), { readOnly: true });
    if (!row) throw new AppError('organization_not_found');
    const organization = toOrganization(row);
    this.cache.set(organization);
    return organization;
  }

  async currentLogoKey(org: OrgContext): Promise<string | null> {
    const row = await this.database.withOrg(tenant(org), (tx) => findOrganization(tx, org.orgId), { readOnly: true });
    return row?.logoKey ?? null;
  }

  /** GET /organization/:id — only the current organisation; any other id is "not found". */
  async getById(org: OrgContext, id: string): Promise<Organization> {
    if (id !== org.orgId) throw new AppError('organization_not_found');
    return this.getCurrent(org);
  }

  async getBySlugForUser(slug: string, userId: string): Promise<Organization> {
    const row = await this.database.withSystem((tx) => findMemberOrganizationBySlug(tx, slug, userId));
    if (!row) throw new AppError('organization_not_found');
    return toOrganization(row);
  }

  async update(org: OrgContext, body: UpdateOrganizationBody): Promise<Organization> {
    return this.updateVersioned(org, body.version, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.accountsPayableNumbering
        ? { apNumberingEnabled: body.accountsPayableNumbering.enabled, apStartNumber: body.accountsPayableNumbering.startNumber }
        : {}),
      ...(body.accountsReceivableNumbering
        ? {
            arNumberingEnabled: body.accountsReceivableNumbering.enabled,
            arStartNumber: body.accountsReceivableNumbering.startNumber,
          }
        : {}),
      ...(body.paymentRunCreationStrategy ? { paymentRunCreationStrategy: body.paymentRunCreationStrategy } : {}),
      ...(body.paymentStrategy ? { paymentStrategy: body.paymentStrategy } : {}),
      ...(body.requiredVerifiers ? { requiredVerifiers: body.requiredVerifiers } : {}),
      // null turns reminders off: only a field left out means "unchanged".
      ...(body.approvalReminderDays !== undefined ? { approvalReminderDays: body.approvalReminderDays } : {}),
      // Logged with before and after like every setting (updateVersioned): switching it off is audited.
      ...(body.fourEyesApproval !== undefined ? { fourEyesApproval: body.fourEyesApproval } : {}),
      ...(body.bankAutoMatch !== undefined ? { bankAutoMatch: body.bankAutoMatch } : {}),
      ...(body.bankMatchTolerance !== undefined ? { bankMatchTolerance: body.bankMatchTolerance } : {}),
      ...(body.companyDetails ? { companyDetails: body.companyDetails } : {}),
      ...(body.timeZone ? { timeZone: body.timeZone } : {}),
      ...(body.holidayRegion ? { holidayRegion: body.holidayRegion } : {}),
    });
  }

  async updateRequiredFields(org: OrgContext, id: string, body: UpdateRequiredFieldsBody): Promise<Organization> {
    if (id !== org.orgId) throw new AppError('organization_not_found');
    return this.updateVersioned(org, body.version, { requiredFields: body.requiredFields });
  }

  private async updateVersioned(org: OrgContext, version: number, patch: Partial<OrganizationRow>): Promise<Organization> {
    const organization = await this.database.withOrg(tenant(org), async (tx) => {
      const before = await findOrganization(tx, org.orgId);
      if (!before) throw new AppError('organization_not_found');
      const after = await updateOrganizationVersioned(tx, org.orgId, version, patch);
      if (!after) throw new AppError('stale_version');
      await writeActivity(tx, org.orgId, {
        entityType: 'organization',
        entityId: org.orgId,
        action: 'update',
        actor: { type: 'user', id: org.userId },
        changes: diffFields(before as unknown as Record<string, unknown>, patch as Record<string, unknown>),
      });
      return toOrganization(after);
    });
    this.cache.drop(org.orgId);
    return organization;
  }
}

export function logoStorageKey(orgId: OrgId, extension: string): string {
  return `org/${orgId}/logo/${randomUUID()}.${extension}`;
}
