import { cn } from '@/lib/cn';

/**
 * A labelled bar; `max` null means unlimited (the bar then stays empty). A `usage` bar (plan
 * limits) warns from 80 % and turns red when full; a `completion` bar (work under way) stays in
 * the primary colour, since reaching the end is the good outcome there.
 */
export function Progress({
  value,
  max,
  label,
  kind = 'usage',
  className,
}: {
  value: number;
  max: number | null;
  label: string;
  kind?: 'usage' | 'completion';
  className?: string;
}) {
  const ratio = max && max > 0 ? Math.min(value / max, 1) : 0;
  const tone = kind === 'completion' ? 'bg-primary' : ratio >= 1 ? 'bg-danger' : ratio >= 0.8 ? 'bg-warning' : 'bg-primary';
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max ?? undefined}
      aria-valuenow={value}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full rounded-full transition-[width]', tone)} style={{ width: `${ratio * 100}%` }} />
    </div>
  );
}
