import { useEffect, useRef } from 'react';

/**
 * Infinite scroll without giving up the button: when this invisible marker below the table comes
 * near the viewport, the next keyset page loads. Keyboard and screen-reader users keep "Load more".
 */
export function LoadMoreSentinel({ onVisible, isEnabled }: { onVisible: () => void; isEnabled: boolean }) {
  const marker = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const element = marker.current;
    if (!element || !isEnabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isEnabled]);
  return <div ref={marker} aria-hidden="true" className="h-px w-full" />;
}
