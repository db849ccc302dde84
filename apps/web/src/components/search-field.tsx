import { Search } from 'lucide-react';
import { DebouncedInput } from './debounced-input';

export interface SearchFieldProps {
  /** The accessible name (the placeholder is only a hint). */
  label: string;
  placeholder: string;
  maxLength: number;
  value: string;
  /** Called once typing pauses: every call is a server query. */
  onCommit: (value: string) => void;
}

/** The search box of a list's toolbar: a magnifier and a debounced search input. */
export function SearchField({ label, placeholder, maxLength, value, onCommit }: SearchFieldProps) {
  return (
    <div className="relative w-full max-w-sm">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <DebouncedInput
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        maxLength={maxLength}
        value={value}
        onCommit={onCommit}
      />
    </div>
  );
}
