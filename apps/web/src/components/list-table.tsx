import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** What a table of records needs: the rows, the address of a record, and how a row opens it. */
export interface RecordTableProps<Item> {
  items: Item[];
  detailPath: (id: string) => string;
  onOpen: (id: string) => void;
}

type TableName = { 'aria-label': string } | { 'aria-labelledby': string };

export type ListTableProps = TableName & {
  /** The header cells (HeaderCell), in one row. */
  head: ReactNode;
  /** The body rows. */
  children: ReactNode;
  /** Keeps the header in view while a long list scrolls (the main lists of a screen). */
  stickyHeader?: boolean;
};

/** The frame every list table shares: a scrolling bordered box, the table with its name, one header row. */
export function ListTable({ head, children, stickyHeader = false, ...name }: ListTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm" {...name}>
        <thead className={cn('bg-muted/60 text-left text-xs text-muted-foreground', stickyHeader && 'sticky top-0')}>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * For a body cell of a text column given a share of the width (w-[30%] on its header): max-width 0
 * lets a cell of an auto-laid-out table shrink below its text, so the column takes the width the
 * others leave and cuts its text with an ellipsis; the table fits a laptop without scrolling
 * sideways. The header's label stays whole and is the column's least width. Put the full text in
 * the cell's title.
 */
export const SHRINKING_CELL = 'max-w-0 truncate';

/**
 * A column header; pass `text-right` for number columns, a width for narrow ones. `leastWidth` (a
 * min-w-* class) keeps a shrinking column readable: a table cell ignores min-width, its content
 * does not.
 */
export function HeaderCell({
  children,
  className,
  leastWidth,
}: {
  children?: ReactNode;
  className?: string;
  leastWidth?: string;
}) {
  return (
    <th scope="col" className={cn('px-3 py-2 font-medium', className)}>
      {leastWidth ? <span className={cn('block', leastWidth)}>{children}</span> : children}
    </th>
  );
}

interface OpenableRowProps {
  onOpen: () => void;
  testId: string;
  children: ReactNode;
}

/**
 * A row that opens its record on click or Enter. Enter counts only on the row itself, so a link
 * or checkbox inside keeps its own key handling.
 */
export function OpenableRow({ onOpen, testId, children }: OpenableRowProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen();
  };
  return (
    <tr
      data-testid={testId}
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      className="cursor-pointer border-t border-border hover:bg-muted/50 focus-visible:bg-muted/50"
    >
      {children}
    </tr>
  );
}

/** The dash of an empty cell. */
export function MissingValue() {
  return <span className="text-muted-foreground">—</span>;
}
