import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface ComboboxOptionProps {
  id: string;
  isActive: boolean;
  onChoose: () => void;
  onActivate: () => void;
  className?: string;
  children: ReactNode;
}

/** One option of a combobox's listbox popup (lib/use-combobox): chosen by mouse, active on hover. */
export function ComboboxOption({ id, isActive, onChoose, onActivate, className, children }: ComboboxOptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={isActive}
      // Choosing on mouse down keeps the input from blurring (and closing the list) first.
      onMouseDown={(event) => {
        event.preventDefault();
        onChoose();
      }}
      onMouseEnter={onActivate}
      className={cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', isActive && 'bg-primary-background text-primary', className)}
    >
      {children}
    </li>
  );
}
