import { useId, useState, type KeyboardEvent } from 'react';

/**
 * A WAI-ARIA combobox with a listbox popup: whether the list is open, which option is active, the
 * input's ARIA attributes, and the keys (arrows move the active option, wrapping, and open the list;
 * Enter chooses it). Escape is left to the caller: what it clears differs.
 */
export function useCombobox() {
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const optionId = (index: number) => `${listId}-option-${index}`;

  /** The input's combobox attributes while the list holds `count` options. */
  const inputProps = (count: number) =>
    ({
      role: 'combobox',
      'aria-expanded': isOpen,
      'aria-controls': listId,
      'aria-autocomplete': 'list',
      'aria-activedescendant': isOpen && count > 0 ? optionId(activeIndex) : undefined,
      autoComplete: 'off',
    }) as const;

  /** Arrow keys and Enter over the options on show. */
  const navigate = <T>(event: KeyboardEvent<HTMLInputElement>, options: readonly T[], choose: (option: T) => void) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (options.length > 0) setActiveIndex((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      const option = options[activeIndex];
      if (option !== undefined) choose(option);
    }
  };

  return { listId, isOpen, setIsOpen, activeIndex, setActiveIndex, optionId, inputProps, navigate };
}
