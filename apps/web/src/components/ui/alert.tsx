import { cva, type VariantProps } from 'class-variance-authority';
import { CircleX, Info, TriangleExclamationPoint } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const alertVariants = cva('flex gap-3 rounded-md border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    tone: {
      info: 'border-info/30 bg-info-background text-info',
      warning: 'border-warning/30 bg-warning-background text-warning',
      danger: 'border-danger/30 bg-danger-background text-danger',
    },
  },
  defaultVariants: { tone: 'info' },
});

const ICONS = { info: Info, warning: TriangleExclamationPoint, danger: CircleX } as const;

/** An inline notice. Danger alerts are announced at once (role="alert"); others politely. */
export function Alert({
  className,
  tone = 'info',
  children,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  const Icon = ICONS[tone ?? 'info'];
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={cn(alertVariants({ tone }), className)} {...props}>
      <Icon aria-hidden="true" />
      <div className="flex-1 [&_p]:leading-relaxed">{children}</div>
    </div>
  );
}
