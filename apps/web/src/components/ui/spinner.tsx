import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/** A decorative spinner; pair it with visible text or give it a `label` for screen readers. */
export function Spinner({ size = 'md', label, className }: { size?: keyof typeof SIZES; label?: string; className?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <LoaderCircle aria-hidden="true" className={cn('animate-spin text-primary', SIZES[size])} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}
