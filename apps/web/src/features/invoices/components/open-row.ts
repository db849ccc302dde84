import type { KeyboardEvent } from 'react';
import type { InvoiceListItem } from '@kontor/domain/invoices/invoice-schema';
import { isOcrRunning } from '@kontor/domain/invoices/invoice-status';

type OpenableItem = Pick<InvoiceListItem, 'id' | 'ocrStatus'>;

export interface OpenRowHandlers<T extends OpenableItem> {
  onOpen: (id: string) => void;
  /** A row still being read cannot open (SPEC §8); clicking it says why instead. */
  onOpenBlocked?: ((item: T) => void) | undefined;
}

/**
 * How a list row opens its invoice, by click or Enter, in the overview and the archive alike.
 * Enter counts on the row itself only: on a button or checkbox inside the row it is theirs.
 */
export function openRow<T extends OpenableItem>(item: T, { onOpen, onOpenBlocked }: OpenRowHandlers<T>) {
  const isReading = isOcrRunning(item.ocrStatus);
  const open = () => (isReading ? onOpenBlocked?.(item) : onOpen(item.id));
  return {
    isReading,
    rowProps: {
      tabIndex: 0,
      'aria-disabled': isReading || undefined,
      onClick: open,
      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) open();
      },
    },
    className: isReading
      ? 'cursor-not-allowed text-muted-foreground'
      : 'cursor-pointer hover:bg-muted/50 focus-visible:bg-muted/50',
  };
}
