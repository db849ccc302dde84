import { formatIban } from '@kontor/domain/iban';
import { useTranslation } from 'react-i18next';
import type { PaymentRun } from '@kontor/domain/payments/payment-run-api';
import { HeaderCell, ListTable } from '@/components/list-table';
import { currentLocale } from '@/lib/i18n';
import { formatDate, formatMoney } from '@/lib/format';

/** One SEPA payment-information block per debitor account and execution date, as the file will hold them. */
export function PaymentBlocks({ blocks }: { blocks: PaymentRun['paymentBlocks'] }) {
  const { t } = useTranslation('payment-runs');
  const locale = currentLocale();
  if (blocks.length === 0) return null;
  return (
    <section aria-labelledby="payment-blocks-title" className="grid gap-2">
      <h2 id="payment-blocks-title" className="text-base font-semibold text-foreground">
        {t('blocks.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('blocks.description')}</p>
      <ListTable
        aria-labelledby="payment-blocks-title"
        head={
          <>
            <HeaderCell>{t('blocks.debitor')}</HeaderCell>
            <HeaderCell>{t('blocks.executionDate')}</HeaderCell>
            <HeaderCell className="text-right">{t('blocks.count')}</HeaderCell>
            <HeaderCell className="text-right">{t('blocks.amount')}</HeaderCell>
          </>
        }
      >
        {blocks.map((block) => (
          <tr
            key={`${block.debitorIban}-${block.requestedExecutionDate}`}
            className="border-t border-border"
            data-testid="payment-block"
          >
            <td className="px-3 py-2">
              <span className="font-medium text-foreground">{block.debitorName}</span>
              <span className="block font-mono text-xs text-muted-foreground">{formatIban(block.debitorIban)}</span>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{formatDate(block.requestedExecutionDate, locale)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{block.count}</td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(block.amount)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
