import type { CounterpartyListItem } from '@kontor/domain/counterparties/counterparty-record';
import { Checkbox } from '@/components/ui/checkbox';

export interface RowSelection {
  columnLabel: string;
  isSelected: (id: string) => boolean;
  onToggle: (item: CounterpartyListItem) => void;
  /** The checkbox's accessible name for one row ("Select Bürowelt GmbH"). */
  labelFor: (name: string) => string;
}

/** A row's checkbox; clicking it selects without opening the row (the row's own click opens the detail). */
export function SelectCell({ selection, item }: { selection: RowSelection; item: CounterpartyListItem }) {
  return (
    <td className="px-3 py-2" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Checkbox
        checked={selection.isSelected(item.id)}
        onCheckedChange={() => selection.onToggle(item)}
        aria-label={selection.labelFor(item.name)}
        data-testid="counterparty-select"
      />
    </td>
  );
}
