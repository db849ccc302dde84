import type { ReactNode } from 'react';

/**
 * A titled card of the counterparty detail. Its content starts at the top when the card is
 * stretched to its neighbour's height (the title used to float down), and it is a size container:
 * rows inside lay out by the card's width, not the window's.
 */
export function DetailSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="@container grid content-start gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold text-foreground">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
