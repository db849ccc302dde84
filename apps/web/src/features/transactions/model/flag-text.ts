import type { Locale } from '@kontor/domain/auth';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { analysisFlagSchema } from '@kontor/domain/payments/transaction-api';
import { displayParams } from '@/lib/display-params';

type Flag = z.infer<typeof analysisFlagSchema>;

/**
 * A flag's reason in the viewer's language (`flags.<code>` with the server's params). When the
 * server sent fewer params than the sentence needs, its own (English) reason is shown instead of
 * a sentence with holes.
 */
export function flagText(t: TFunction<'transactions'>, flag: Flag, locale: Locale): string {
  const text = t(`flags.${flag.code}`, displayParams(flag.params, locale));
  return text.includes('{{') ? flag.reason : text;
}
