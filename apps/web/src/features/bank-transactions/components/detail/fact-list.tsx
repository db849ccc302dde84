import type { ReactNode } from 'react';
import { MissingValue } from '@/components/list-table';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export interface Fact {
  term: string;
  value: ReactNode;
  testId?: string;
  /** Across both columns (an IBAN reads best on one line). */
  isWide?: boolean;
}

/** Terms over their values, two abreast; a value the bank did not send shows the dash. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      {facts.map(({ term, value, testId, isWide }) => (
        <div key={term} className={cn('grid min-w-0 content-start gap-0.5', isWide && 'sm:col-span-2')} data-testid={testId}>
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd className="break-words text-foreground">{value ?? <MissingValue />}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled card of the detail (a section with its heading, for screen-reader navigation). */
export function DetailCard({
  title,
  testId,
  children,
  className,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className} data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}
