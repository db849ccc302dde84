import { useCallback, useMemo, useState } from 'react';
import type { TransactionListItem } from '@kontor/domain/payments/transaction-api';
import type { RowSelection } from './transaction-table';

/** Only open payments that are in no run can go into a new payment run. */
export function canJoinRun(item: Pick<TransactionListItem, 'status' | 'paymentRun'>): boolean {
  return item.status === 'open' && item.paymentRun === null;
}

/** The rows chosen for a new payment run; rows that left the list (or the open state) drop out. */
export function useTransactionSelection(items: TransactionListItem[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selectedIds = useMemo(
    () => items.filter((item) => chosen.has(item.id) && canJoinRun(item)).map((item) => item.id),
    [items, chosen],
  );
  const toggle = useCallback((id: string) => {
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((rows: TransactionListItem[]) => {
    setChosen((current) => {
      const selectable = rows.filter(canJoinRun);
      const allChosen = selectable.every((item) => current.has(item.id));
      return allChosen ? new Set() : new Set(selectable.map((item) => item.id));
    });
  }, []);
  const clear = useCallback(() => setChosen(new Set()), []);
  const selection: RowSelection = {
    isSelectable: canJoinRun,
    isSelected: (id) => chosen.has(id),
    toggle,
    toggleAll,
  };
  return { selectedIds, selection, clear };
}
