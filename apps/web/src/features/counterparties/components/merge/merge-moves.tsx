import { useTranslation } from 'react-i18next';
import type { CounterpartyMergeMoves } from '@kontor/domain/counterparties/merge';

const MOVE_KINDS = [
  'invoices',
  'transactions',
  'bankAccounts',
  'duplicateBankAccounts',
  'emailVerifications',
  'executiveVerifications',
  'paymentHistory',
  'receivables',
] as const satisfies readonly (keyof CounterpartyMergeMoves)[];

/** What moves from the merged counterparty to the survivor; kinds with nothing to move are left out. */
export function MergeMoves({
  moves,
  survivorName,
  mergedName,
}: {
  moves: CounterpartyMergeMoves;
  survivorName: string;
  mergedName: string;
}) {
  const { t } = useTranslation('counterparty-merge');
  const lines = MOVE_KINDS.filter((kind) => moves[kind] > 0);
  return (
    <section aria-labelledby="merge-moves-title" className="grid gap-1 text-sm" data-testid="merge-moves">
      <h3 id="merge-moves-title" className="font-medium text-foreground">
        {t('moves.title', { name: survivorName })}
      </h3>
      {lines.length > 0 ? (
        <ul className="list-disc pl-5 text-muted-foreground">
          {lines.map((kind) => (
            <li key={kind}>{t(`moves.${kind}`, { count: moves[kind] })}</li>
          ))}
          <li>{t('moves.history')}</li>
        </ul>
      ) : (
        <p className="text-muted-foreground">{t('moves.nothing', { name: mergedName })}</p>
      )}
    </section>
  );
}
