import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { openRow } from './open-row';

const ROW = {} as EventTarget;
const enterOn = (target: EventTarget, key = 'Enter') =>
  ({ key, target, currentTarget: ROW }) as unknown as KeyboardEvent<HTMLTableRowElement>;

describe('openRow', () => {
  it('opens the invoice by click and by Enter on the row', () => {
    const onOpen = vi.fn();
    const row = openRow({ id: 'i1', ocrStatus: 'done' }, { onOpen });
    row.rowProps.onClick();
    row.rowProps.onKeyDown(enterOn(ROW));
    row.rowProps.onKeyDown(enterOn(ROW, 'a'));
    expect(onOpen.mock.calls).toEqual([['i1'], ['i1']]);
    expect(row.rowProps.tabIndex).toBe(0);
    expect(row.className).toContain('cursor-pointer');
  });

  it('leaves Enter on a button inside the row (Restore) to the button', () => {
    const onOpen = vi.fn();
    openRow({ id: 'i1', ocrStatus: 'done' }, { onOpen }).rowProps.onKeyDown(enterOn({} as EventTarget));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('does not open an invoice still being read, and says why instead', () => {
    const onOpen = vi.fn();
    const onOpenBlocked = vi.fn();
    const item = { id: 'i1', ocrStatus: 'processing' as const };
    const row = openRow(item, { onOpen, onOpenBlocked });
    row.rowProps.onClick();
    expect(onOpen).not.toHaveBeenCalled();
    expect(onOpenBlocked).toHaveBeenCalledWith(item);
    expect(row.rowProps['aria-disabled']).toBe(true);
  });
});
