import type {
  PaymentReminder,
  ReminderEmailEvent,
  ReminderSkipReason,
  ReminderStatus,
} from '@kontor/domain/receivables/reminders/payment-reminder';

export type ReminderTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** What a reminder's status line says: why it was skipped, the furthest its e-mail got and when, or its bare status. */
export type ReminderStatusLine =
  | { kind: 'skipped'; reason: ReminderSkipReason | null; tone: ReminderTone }
  | { kind: 'event'; event: ReminderEmailEvent; at: string; tone: ReminderTone }
  | { kind: 'status'; status: ReminderStatus; tone: ReminderTone };

export const REMINDER_EVENT_TONES: Record<ReminderEmailEvent, ReminderTone> = {
  sent: 'info',
  delivered: 'success',
  opened: 'success',
  clicked: 'success',
  delivery_delayed: 'warning',
  complained: 'danger',
  bounced: 'danger',
};

const STATUS_TONES: Record<ReminderStatus, ReminderTone> = {
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
  skipped: 'neutral',
};

const FAILURE_EVENTS: ReadonlySet<ReminderEmailEvent> = new Set(['bounced', 'complained']);

type Event = PaymentReminder['events'][number];

/**
 * How far an e-mail got. Events need not arrive in this order (the local mailbox may show a mail,
 * and load its open pixel, before the outbox reports it delivered; providers' webhooks come late or
 * twice), so the furthest step is what the reminder shows, not the last one to arrive.
 */
const EVENT_RANKS: Record<ReminderEmailEvent, number> = {
  sent: 0,
  delivery_delayed: 1,
  delivered: 2,
  bounced: 3,
  opened: 4,
  clicked: 5,
  complained: 6,
};

const timeOf = (event: Event) => {
  const time = Date.parse(event.at);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
};

/** The furthest event; of two equally far, the later (by time, else the one recorded later). */
export function latestReminderEvent(events: readonly Event[]): Event | null {
  let latest: Event | null = null;
  for (const event of events) {
    if (
      latest === null ||
      EVENT_RANKS[event.event] > EVENT_RANKS[latest.event] ||
      (EVENT_RANKS[event.event] === EVENT_RANKS[latest.event] && timeOf(event) >= timeOf(latest))
    )
      latest = event;
  }
  return latest;
}

/**
 * "Opened 07.12.2026 10:31", "Delivered …", "Skipped: the invoice is paid": a skipped reminder
 * says why; a failed one its bounce (else just "failed", never an earlier happy event); any
 * other the furthest its e-mail got, with when.
 */
export function reminderStatusLine(reminder: Pick<PaymentReminder, 'status' | 'skipReason' | 'events'>): ReminderStatusLine {
  if (reminder.status === 'skipped') return { kind: 'skipped', reason: reminder.skipReason, tone: STATUS_TONES.skipped };
  const events =
    reminder.status === 'failed' ? reminder.events.filter((event) => FAILURE_EVENTS.has(event.event)) : reminder.events;
  const latest = latestReminderEvent(events);
  if (!latest) return { kind: 'status', status: reminder.status, tone: STATUS_TONES[reminder.status] };
  return { kind: 'event', event: latest.event, at: latest.at, tone: REMINDER_EVENT_TONES[latest.event] };
}

/** Reminders that can still go out: issued invoices with money owed (the server checks the rest). */
export function canSendReminder(record: { status: string; invoiceNumber: string | null }): boolean {
  return record.invoiceNumber !== null && (record.status === 'outstanding' || record.status === 'partially_paid');
}

/** The largest interval a reminder went out for (skipped ones do not count): what a due template must exceed. */
export function largestSentInterval(reminders: readonly PaymentReminder[]): number {
  return reminders.reduce(
    (largest, reminder) =>
      reminder.status !== 'skipped' && reminder.intervalDays ? Math.max(largest, reminder.intervalDays) : largest,
    0,
  );
}
