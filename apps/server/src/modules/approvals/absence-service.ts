import {
  hasPermission,
  todayIso,
  type ApprovalAbsence,
  type ApprovalAbsenceBody,
  type ApprovalAbsenceList,
  type ApprovalAbsenceSaved,
} from '@kontor/domain';
import type { Database, OrgId, Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { deleteAbsence, listAbsences, upsertAbsence } from './absence-repo';
import { mailHandedOn, mailNamedSubstitute, organizationSlug } from './absence-mails';
import { actorOf, tenant } from './context';
import { listMembers } from './flow-repo';
import { handOnWaitingOfAbsent, type HandedOn } from './substitutes';

/** Who may enter or remove someone else's absence: whoever manages the team (admins do). */
const mayManageOthers = (org: OrgContext) => hasPermission(org.role, org.permissions, 'team_members:manage');

/**
 * Absences with a substitute: each member enters their own, team managers anyone's. Saving an
 * absence that has begun hands what waits for the member to the substitute at once; the daily
 * job does it for absences that begin later (absence-jobs.ts).
 */
export class AbsenceService {
  constructor(
    private readonly database: Database,
    private readonly deps: { mailer: Mailer; publicUrl: string },
  ) {}

  list(org: OrgContext): Promise<ApprovalAbsenceList> {
    const today = todayIso();
    return this.database.withOrg(
      tenant(org),
      async (tx) => ({
        items: await listAbsences(tx, org.orgId, today),
        today,
        members: (await listMembers(tx, org.orgId)).map((member) => ({ id: member.userId, name: member.name || member.email })),
      }),
      { readOnly: true },
    );
  }

  save(org: OrgContext, userId: string, body: ApprovalAbsenceBody): Promise<ApprovalAbsenceSaved> {
    const today = todayIso();
    return this.database.withOrg(tenant(org), async (tx) => {
      await this.checkMayChange(tx, org, userId);
      if (body.substituteId === userId) throw new AppError('absence_substitute_invalid');
      if ((await listMembers(tx, org.orgId, [body.substituteId])).length === 0) throw new AppError('absence_substitute_invalid');
      const [before] = await listAbsences(tx, org.orgId, today, userId);
      await upsertAbsence(tx, org.orgId, userId, body, org.userId);
      const handedOn = await handOnWaitingOfAbsent(tx, org.orgId, today, userId);
      const [absence] = await listAbsences(tx, org.orgId, today, userId);
      await writeActivity(tx, org.orgId, {
        entityType: 'membership',
        entityId: userId,
        action: 'update',
        actor: actorOf(org),
        changes: { absence: absenceChanges(before, absence!), handedOn: handedOn.length },
      });
      // The substitute learns of it when newly named or when the period moved, not on a note's edit;
      // where the substitute is away too, whoever took the approvals instead is told of them.
      const mailOrg = { orgId: org.orgId, slug: org.slug };
      const recipients = countByRecipient(handedOn);
      const moved =
        !before ||
        before.substituteId !== body.substituteId ||
        before.startsOn !== body.startsOn ||
        before.endsOn !== body.endsOn;
      if (moved) await mailNamedSubstitute(tx, this.deps, mailOrg, absence!, recipients.get(body.substituteId) ?? 0);
      for (const [recipientId, count] of recipients) {
        if (recipientId !== body.substituteId) await mailHandedOn(tx, this.deps, mailOrg, absence!, recipientId, count);
      }
      return { absence: absence!, handedOn: handedOn.length };
    });
  }

  remove(org: OrgContext, userId: string): Promise<void> {
    return this.database.withOrg(tenant(org), async (tx) => {
      await this.checkMayChange(tx, org, userId);
      const [before] = await listAbsences(tx, org.orgId, todayIso(), userId);
      if (!(await deleteAbsence(tx, org.orgId, userId))) throw new AppError('absence_not_found');
      await writeActivity(tx, org.orgId, {
        entityType: 'membership',
        entityId: userId,
        action: 'update',
        actor: actorOf(org),
        changes: {
          absenceRemoved: before ? { startsOn: before.startsOn, endsOn: before.endsOn, substituteId: before.substituteId } : null,
        },
      });
    });
  }

  /** A member of another organisation is "not found"; someone else's absence needs team management. */
  private async checkMayChange(tx: Tx, org: OrgContext, userId: string): Promise<void> {
    if ((await listMembers(tx, org.orgId, [userId])).length === 0) throw new AppError('absence_member_not_found');
    if (userId !== org.userId && !mayManageOthers(org)) throw new AppError('absence_forbidden');
  }
}

function groupBy<T>(values: readonly T[], key: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) groups.set(key(value), [...(groups.get(key(value)) ?? []), value]);
  return groups;
}

/** How many approvals went to each member. */
const countByRecipient = (moves: readonly HandedOn[]) =>
  new Map([...groupBy(moves, (move) => move.toApproverId)].map(([recipientId, group]) => [recipientId, group.length]));

/** The absence's fields as the activity log keeps them: { field: { from, to } }. */
function absenceChanges(before: ApprovalAbsence | undefined, after: ApprovalAbsence): Record<string, unknown> {
  const fields = ['startsOn', 'endsOn', 'substituteId', 'note'] as const;
  return Object.fromEntries(
    fields
      .filter((field) => before?.[field] !== after[field])
      .map((field) => [field, { from: before?.[field] ?? null, to: after[field] }]),
  );
}

/**
 * The morning's work of one organisation: approvals that wait for members absent today go to
 * their substitutes, and each substitute gets one e-mail per absent member. Answers how many moved.
 */
export async function handOnForAbsencesOfDay(
  database: Database,
  deps: { mailer: Mailer; publicUrl: string },
  orgId: OrgId,
  day: string,
): Promise<number> {
  return database.withOrg({ orgId, userId: null }, async (tx) => {
    const handedOn = await handOnWaitingOfAbsent(tx, orgId, day);
    if (handedOn.length === 0) return 0;
    const absences = new Map((await listAbsences(tx, orgId, day)).map((absence) => [absence.userId, absence]));
    const mailOrg = { orgId, slug: await organizationSlug(tx, orgId) };
    for (const [absentId, moves] of groupBy(handedOn, (move) => move.fromApproverId)) {
      for (const [recipientId, count] of countByRecipient(moves)) {
        await mailHandedOn(tx, deps, mailOrg, absences.get(absentId)!, recipientId, count);
      }
    }
    return handedOn.length;
  });
}
