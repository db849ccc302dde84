import { z } from 'zod';
import { addDaysIso, todayIso } from '../dates';
import { isoDateSchema } from '../invoices/invoice-fields';

/**
 * Absences with a substitute ("Vertretung"): while a member is away, approvals that would wait for
 * them go to their substitute. The spec leaves absences open; finance teams expect them, because
 * an invoice waiting for someone on holiday is paid late and loses its skonto.
 */

/** The longest absence that can be entered at once: a parental leave is entered again after a year. */
export const ABSENCE_MAX_DAYS = 366;
export const ABSENCE_NOTE_MAX_LENGTH = 200;

/** The period, as days (YYYY-MM-DD, both included). */
export interface AbsencePeriod {
  startsOn: string;
  endsOn: string;
}

export interface AbsenceWithSubstitute extends AbsencePeriod {
  userId: string;
  substituteId: string;
}

/**
 * PUT /api/approval-absences/:userId. `today` is the business day the rules are checked against
 * (the client's and the server's own by default), so both refuse the same periods.
 */
export function approvalAbsenceBodySchema(today: () => string = () => todayIso()) {
  return z
    .object({
      startsOn: isoDateSchema,
      endsOn: isoDateSchema,
      substituteId: z.uuid({ message: 'absence_substitute_required' }),
      note: z.string().trim().max(ABSENCE_NOTE_MAX_LENGTH, { message: 'too_long' }).optional(),
    })
    .superRefine((body, context) => {
      if (body.endsOn < body.startsOn) {
        context.addIssue({ code: 'custom', path: ['endsOn'], message: 'absence_ends_before_start' });
      } else if (body.endsOn < today()) {
        context.addIssue({ code: 'custom', path: ['endsOn'], message: 'absence_ended' });
      } else if (body.endsOn > addDaysIso(body.startsOn, ABSENCE_MAX_DAYS - 1)) {
        context.addIssue({ code: 'custom', path: ['endsOn'], message: 'absence_too_long' });
      }
    });
}
export type ApprovalAbsenceBody = z.infer<ReturnType<typeof approvalAbsenceBodySchema>>;

export const approvalAbsenceSchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  substituteId: z.uuid(),
  substituteName: z.string(),
  note: z.string().nullable(),
  /** Whether the period includes today (the business day). */
  isActive: z.boolean(),
});
export type ApprovalAbsence = z.infer<typeof approvalAbsenceSchema>;

/**
 * GET /api/approval-absences: the current and planned absences of the organisation, by start; the
 * business day they were read on; and the members, who may be absent or stand in.
 */
export const approvalAbsenceListSchema = z.object({
  items: z.array(approvalAbsenceSchema),
  today: z.string(),
  members: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type ApprovalAbsenceList = z.infer<typeof approvalAbsenceListSchema>;

/** PUT answers the absence and how many waiting approvals went to the substitute at once. */
export const approvalAbsenceSavedSchema = z.object({ absence: approvalAbsenceSchema, handedOn: z.number().int().min(0) });
export type ApprovalAbsenceSaved = z.infer<typeof approvalAbsenceSavedSchema>;

export function isAbsentOn(period: AbsencePeriod, day: string): boolean {
  return period.startsOn <= day && day <= period.endsOn;
}

/**
 * Who takes an approval of `userId` on `day`: nobody (null) if they are present; else their
 * substitute, or the substitute's substitute while that one is away too, and so on. A chain that
 * comes back to someone already passed (two colleagues covering for each other, both away) has
 * nobody present: null, and the approval stays where it was.
 */
export function presentSubstitute(
  userId: string,
  absences: ReadonlyMap<string, AbsenceWithSubstitute>,
  day: string,
): string | null {
  const passed = new Set([userId]);
  let current = absences.get(userId);
  if (!current || !isAbsentOn(current, day)) return null;
  for (;;) {
    const candidate = current.substituteId;
    if (passed.has(candidate)) return null;
    passed.add(candidate);
    const next = absences.get(candidate);
    if (!next || !isAbsentOn(next, day)) return candidate;
    current = next;
  }
}
