import { useCallback, useEffect, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { whenIdle } from '@/lib/when-idle';

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A menu whose code (Radix menu, positioning, focus handling) loads on first use or when the
 * browser is idle, instead of with the page: until then its trigger is a plain button with the
 * same look and semantics. On the first press the real menu mounts already open.
 */
export function useDeferredMenu(preload: () => Promise<unknown>) {
  const [isActive, setIsActive] = useState(false);
  const activate = useCallback(() => setIsActive(true), []);

  useEffect(() => whenIdle(() => void preload().catch(() => undefined), 3000), [preload]);

  const placeholderProps = {
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button === 0 && !event.ctrlKey) activate();
    },
    // Screen readers in browse mode send a click without pointer events.
    onClick: activate,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!OPEN_KEYS.has(event.key)) return;
      event.preventDefault();
      activate();
    },
  };

  return { isActive, placeholderProps };
}
