import type { Locale } from '@kontor/domain/auth';
import { todayIso } from '@kontor/domain/dates';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { whenIdle } from '@/lib/when-idle';

/**
 * Pays, while the first screen's chunks and data are still on their way and the main thread has
 * nothing to do, the one-time costs that its first render would otherwise pay (Chromium's profile
 * of the invoice overview): tailwind-merge builds its class map on its first call, and the first
 * date and number formatters load the language's ICU data; about 100 ms together on a slow machine.
 */
export function warmUpFirstRender(locale: Locale): void {
  const warmUp = () => {
    cn('px-1', 'px-2');
    formatDate(todayIso(), locale);
    formatNumber(1, locale);
    formatMoney(100);
  };
  whenIdle(warmUp, 1000);
}
