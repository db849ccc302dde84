import { Tabs as TabsPrimitive } from 'radix-ui';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type CSSProperties, type RefObject } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

/** Width of the fading edge that marks a side of the tab row with tabs out of view, in pixels; a tab
 * scrolled into the row stops clear of it. */
const EDGE_PX = 32;

/** Which ends of a scrolling tab row hide tabs. */
interface HiddenEnds {
  start: boolean;
  end: boolean;
}

function edgeMask({ start, end }: HiddenEnds): CSSProperties | undefined {
  if (!start && !end) return undefined;
  const gradient = `linear-gradient(to right, ${start ? `transparent, black ${EDGE_PX}px` : 'black'}, ${end ? `black calc(100% - ${EDGE_PX}px), transparent` : 'black'})`;
  return { maskImage: gradient, WebkitMaskImage: gradient };
}

/**
 * A tab row wider than its place scrolls. Without help a reader could not tell: the tabs past the
 * edge were simply cut off, and so was the active one when it was among them (the settings'
 * last tabs at 1280 px in German). So the row fades out at each end that hides tabs, and the
 * active tab is scrolled into the row whenever it changes, without moving the page.
 */
function useScrollingTabRow(list: RefObject<HTMLDivElement | null>): HiddenEnds {
  const [hidden, setHidden] = useState<HiddenEnds>({ start: false, end: false });
  const shownActive = useRef<Element | null>(null);

  useEffect(() => {
    const row = list.current;
    if (!row) return;
    const update = () => {
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setHidden((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    // The row's own size, and its tabs' (another language changes their widths, not the row's).
    const resizes = new ResizeObserver(update);
    for (const element of [row, ...row.children]) resizes.observe(element);
    return () => {
      row.removeEventListener('scroll', update);
      resizes.disconnect();
    };
  }, [list]);

  // After every render, as the active tab may have changed; a row the reader scrolled is left alone.
  useLayoutEffect(() => {
    const row = list.current;
    const active = row?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!row || !active || active === shownActive.current) return;
    shownActive.current = active;
    if (active.offsetLeft < row.scrollLeft) {
      row.scrollLeft = Math.max(0, active.offsetLeft - EDGE_PX);
    } else if (active.offsetLeft + active.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = active.offsetLeft + active.offsetWidth - row.clientWidth + EDGE_PX;
    }
  });

  return hidden;
}

export function TabsList({ className, style, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const list = useRef<HTMLDivElement>(null);
  const hidden = useScrollingTabRow(list);
  return (
    <TabsPrimitive.List
      ref={list}
      // relative: the tabs' offsetLeft is measured from the row.
      className={cn('relative flex w-full gap-1 overflow-x-auto border-b border-border', className)}
      style={{ ...edgeMask(hidden), ...style }}
      data-hidden-start={hidden.start || undefined}
      data-hidden-end={hidden.end || undefined}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
        'hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        'data-[state=active]:border-primary data-[state=active]:text-primary',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('pt-6 focus-visible:outline-none', className)} {...props} />;
}
