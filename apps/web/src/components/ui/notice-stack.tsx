import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * Several notices as one compact area: the alerts inside lose their own frames and padding and
 * are stacked with a rule between them, so a form with four warnings still starts near its
 * fields. Renders nothing visible when every child renders nothing (:empty).
 */
export function NoticeStack({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn(
        'grid overflow-hidden rounded-md border border-border empty:hidden',
        '[&>*+*]:border-t [&>*+*]:border-border [&_[role=group]>*+*]:border-t [&_[role=group]>*+*]:border-border',
        '[&_[role=alert]]:rounded-none [&_[role=alert]]:border-0',
        '[&_[role=status]]:rounded-none [&_[role=status]]:border-0 [&_[role=alert]]:px-3 [&_[role=alert]]:py-2',
        '[&_[role=status]]:px-3 [&_[role=status]]:py-2',
        className,
      )}
      {...props}
    />
  );
}
