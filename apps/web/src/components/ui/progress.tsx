import { cn } from '@/lib/cn';

/** A labelled usage bar; `max` null means unlimited (the bar then stays empty). */
export function Progress({
  value,
  max,
  label,
  className,
}: {
  value: number;
  max: number | null;
  label: string;
  className?: string;
}) {
  const ratio = max && max > 0 ? Math.min(value / max, 1) : 0;
  const tone = ratio >= 1 ? 'bg-danger' : ratio >= 0.8 ? 'bg-warning' : 'bg-primary';
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
