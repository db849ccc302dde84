import { useTranslation } from 'react-i18next';
import type { Counterparty } from '@kontor/domain/counterparties/counterparty-record';
import { MERGEABLE_FIELDS, type MergeableField, type MergeSide } from '@kontor/domain/counterparties/merge';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/cn';
import { formatBankAccount, useMergeFieldLabel, useMergeValueFormatter } from './use-merge-values';

const ROW = 'grid grid-cols-[10rem_1fr_1fr] items-start gap-3 border-t border-border px-3 py-2 text-sm';

interface MergeFieldTableProps {
  survivor: Counterparty;
  merged: Counterparty;
  differingFields: MergeableField[];
  sides: Record<MergeableField, MergeSide>;
  onChoose: (field: MergeableField, side: MergeSide) => void;
  disabled: boolean;
}

/**
 * Both records column by column. A differing field is a radio group (the value that stays is
 * the checked one); a field with the same value in both is shown once, without a choice.
 */
export function MergeFieldTable({ survivor, merged, differingFields, sides, onChoose, disabled }: MergeFieldTableProps) {
  const { t } = useTranslation('counterparty-merge');
  const labelOf = useMergeFieldLabel();
  const format = useMergeValueFormatter();
  const none = t('values.none');
  const differing = new Set(differingFields);

  const cell = (record: Counterparty, field: MergeableField, side: MergeSide) => {
    const value = format(record, field);
    const isKept = sides[field] === side;
    const id = `merge-${field}-${side}`;
    return (
      <label
        htmlFor={id}
        className={cn(
          'flex cursor-pointer items-start gap-2 rounded-md p-1.5 break-words',
          isKept ? 'bg-primary/10 text-foreground' : 'text-muted-foreground line-through decoration-muted-foreground/50',
        )}
      >
        <RadioGroupItem id={id} value={side} data-testid={id} />
        <span>{value ?? none}</span>
      </label>
    );
  };

  return (
    <div className="rounded-lg border border-border" data-testid="merge-field-table">
      <div className={cn(ROW, 'border-t-0 bg-muted/60 text-xs font-medium text-muted-foreground')} aria-hidden="true">
        <span>{t('dialog.field')}</span>
        <span className="truncate">
          {t('dialog.survivor')}: {survivor.name}
        </span>
        <span className="truncate">
          {t('dialog.merged')}: {merged.name}
        </span>
      </div>
      {MERGEABLE_FIELDS.map((field) =>
        differing.has(field) ? (
          <RadioGroup
            key={field}
            value={sides[field]}
            onValueChange={(side) => onChoose(field, side as MergeSide)}
            disabled={disabled}
            aria-label={t('dialog.choose', { field: labelOf(field) })}
            className={ROW}
            data-testid={`merge-field-${field}`}
          >
            <span className="pt-1.5 font-medium text-foreground">{labelOf(field)}</span>
            {cell(survivor, field, 'survivor')}
            {cell(merged, field, 'merged')}
          </RadioGroup>
        ) : (
          <div key={field} className={ROW} data-testid={`merge-field-${field}`}>
            <span className="font-medium text-foreground">{labelOf(field)}</span>
            <span className="col-span-2 text-muted-foreground">
              {format(survivor, field) ?? none}
              <span className="ml-2 text-xs">({t('dialog.same')})</span>
            </span>
          </div>
        ),
      )}
      <div className={ROW}>
        <span className="font-medium text-foreground">{t('values.bankAccounts')}</span>
        {[survivor, merged].map((record) => (
          <ul key={record.id} className="grid gap-1">
            {record.bankAccounts.length > 0
              ? record.bankAccounts.map((account) => <li key={account.id}>{formatBankAccount(account)}</li>)
              : none}
          </ul>
        ))}
      </div>
    </div>
  );
}
