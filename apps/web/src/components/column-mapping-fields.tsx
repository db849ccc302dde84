import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ColumnMapping, ImportColumn } from '@/lib/csv-header';

const NOT_MAPPED = '__not_mapped__';

interface ColumnMappingFieldsProps<K extends string> {
  columns: readonly ImportColumn<K>[];
  headers: readonly string[];
  mapping: ColumnMapping<K>;
  onChange: (mapping: ColumnMapping<K>) => void;
  labelOf: (key: K) => string;
  /** Required fields answered another way (the cost-centre type chosen for the whole file). */
  satisfied: ReadonlySet<K>;
  /** In the caller's namespace: the fieldset's legend, the "not mapped" choice, the required mark's name. */
  texts: { legend: string; notMapped: string; requiredMark: string };
}

/** One select per field: which column of the file feeds it. Required fields are marked (master data and counterparty imports). */
export function ColumnMappingFields<K extends string>({
  columns,
  headers,
  mapping,
  onChange,
  labelOf,
  satisfied,
  texts,
}: ColumnMappingFieldsProps<K>) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-foreground">{texts.legend}</legend>
      {columns.map((column) => {
        const id = `import-column-${column.key}`;
        const isRequired = column.required && !satisfied.has(column.key);
        return (
          <div key={column.key} className="grid gap-1.5">
            <Label htmlFor={id}>
              {labelOf(column.key)}
              {isRequired ? (
                <span className="text-danger" aria-label={texts.requiredMark}>
                  {' *'}
                </span>
              ) : null}
            </Label>
            <Select
              value={mapping[column.key] || NOT_MAPPED}
              onValueChange={(value) => onChange({ ...mapping, [column.key]: value === NOT_MAPPED ? '' : value })}
            >
              <SelectTrigger id={id} aria-invalid={isRequired && !mapping[column.key] ? true : undefined}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOT_MAPPED}>{texts.notMapped}</SelectItem>
                {headers.map((header) => (
                  <SelectItem key={header} value={header}>
                    {header}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        );
      })}
    </fieldset>
  );
}
