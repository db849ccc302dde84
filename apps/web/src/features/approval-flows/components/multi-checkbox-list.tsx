import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/form-field';
import { toggleId } from '../model/flow-form';

export interface CheckboxOption {
  value: string;
  label: string;
}

interface MultiCheckboxListProps {
  id: string;
  label: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  columns?: 1 | 3;
}

/** A labelled group of checkboxes for a multi-select that tests and screen readers can drive by name. */
export function MultiCheckboxList({ id, label, options, value, onChange, error, columns = 1 }: MultiCheckboxListProps) {
  return (
    <fieldset aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium text-foreground">
        {label}
      </p>
      <ul className={columns === 3 ? 'flex flex-wrap gap-4' : 'grid max-h-56 gap-2 overflow-y-auto'}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <li key={option.value} className="flex items-center gap-2">
              <Checkbox
                id={optionId}
                checked={value.includes(option.value)}
                onCheckedChange={(checked) => onChange(toggleId(value, option.value, checked === true))}
              />
              <label htmlFor={optionId} className="text-sm text-foreground">
                {option.label}
              </label>
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
