import { describe, expect, it } from 'vitest';
import { digestPeriod } from './digest-period';
import { NOTIFICATION_OPTIONS, notificationOptionsBodySchema } from './notification-options';

describe('digestPeriod', () => {
  it('covers yesterday on a Tuesday to Friday', () => {
    expect(digestPeriod('2026-12-08', 'DE')).toEqual({ from: '2026-12-07', to: '2026-12-07' }); // Tuesday
    expect(digestPeriod('2026-12-11', 'DE')).toEqual({ from: '2026-12-10', to: '2026-12-10' }); // Friday
  });

  it('covers Friday to Sunday on a Monday', () => {
    expect(digestPeriod('2026-12-14', 'DE')).toEqual({ from: '2026-12-11', to: '2026-12-13' });
  });

  it('reaches back over public holidays of the region', () => {
    // Monday 28 Dec 2026: Fri 25 and Sat 26 are Christmas, so the period starts Thursday 24.
    expect(digestPeriod('2026-12-28', 'DE')).toEqual({ from: '2026-12-24', to: '2026-12-27' });
    // Tuesday 1 Dec: an ordinary Monday before it everywhere.
    expect(digestPeriod('2026-12-01', 'DE-SN')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    // Wednesday 7 Jan 2026 after Epiphany (Tue 6 Jan) in Bavaria, not in Berlin.
    expect(digestPeriod('2026-01-07', 'DE-BY')).toEqual({ from: '2026-01-05', to: '2026-01-06' });
    expect(digestPeriod('2026-01-07', 'DE-BE')).toEqual({ from: '2026-01-06', to: '2026-01-06' });
    // Austria: Wednesday 9 Dec 2026 after Mariä Empfängnis (Tuesday 8 Dec), a working day in Germany.
    expect(digestPeriod('2026-12-09', 'AT')).toEqual({ from: '2026-12-07', to: '2026-12-08' });
    expect(digestPeriod('2026-12-09', 'DE')).toEqual({ from: '2026-12-08', to: '2026-12-08' });
  });
});

describe('notification options', () => {
  it('keeps each option once, in the list order', () => {
    const body = notificationOptionsBodySchema.parse({ options: ['paid_receivables', 'new_invoices', 'paid_receivables'] });
    expect(body.options).toEqual(['new_invoices', 'paid_receivables']);
  });

  it('refuses an unknown option', () => {
    expect(notificationOptionsBodySchema.safeParse({ options: ['weekly_report'] }).success).toBe(false);
  });

  it('lists the seven options of SPEC §6', () => {
    expect(NOTIFICATION_OPTIONS).toHaveLength(7);
  });
});
