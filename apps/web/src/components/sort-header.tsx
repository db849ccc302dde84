import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SortHeaderProps<F extends string> {
  field: F;
  sort: F;
  direction: 'asc' | 'desc';
  onSort: (field: F) => void;
  children: ReactNode;
  className?: string;
}

/** A column header that sorts on the server; aria-sort tells screen readers the current order. Shared by the lists. */
export function SortHeader<F extends string>({ field, sort, direction, onSort, children, className }: SortHeaderProps<F>) {
  const isActive = sort === field;
  const Icon = !isActive ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isActive ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 font-medium', className)}
    >
      <button
        type="button"
        onClick={() => onSort(field)}
        className={cn(
          'inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
          isActive && 'text-foreground',
        )}
      >
        {children}
        <Icon aria-hidden="true" className={cn('size-3.5', !isActive && 'opacity-40')} />
      </button>
    </th>
  );
}
