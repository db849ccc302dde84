import { isIsoDate } from '@kontor/domain/dates';
import { useEffect, useRef, useState } from 'react';
import { DateInput, type DateInputProps } from './ui/date-input';

/** Every report is a server query: a date typed digit by digit ("15.03.20…") is read once typing pauses. */
const COMMIT_DELAY_MS = 350;

type DateFilterInputProps = Omit<DateInputProps, 'value' | 'onValueChange'> & {
  /** The filter's date (YYYY-MM-DD), '' for none. */
  value: string;
  onCommit: (value: string) => void;
  /** Told whenever the text turns readable or unreadable, for a message beside the field. */
  onInvalidChange?: (isInvalid: boolean) => void;
};

/**
 * A list filter's date: reports a readable date (or none) once typing pauses, never text it cannot
 * read, which stays in the field marked invalid. Follows the filter when it changes from outside
 * (filters cleared, the back button).
 */
export function DateFilterInput({ value, onCommit, onInvalidChange, ...props }: DateFilterInputProps) {
  const [draft, setDraft] = useState<string | null>(value || null);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    setDraft(value || null);
  }
  const isInvalid = draft !== null && !isIsoDate(draft);
  const callbacks = useRef({ onCommit, onInvalidChange });
  useEffect(() => {
    callbacks.current = { onCommit, onInvalidChange };
  });
  useEffect(() => {
    callbacks.current.onInvalidChange?.(isInvalid);
  }, [isInvalid]);
  useEffect(() => {
    const next = draft ?? '';
    if (next === value || isInvalid) return;
    const timer = setTimeout(() => callbacks.current.onCommit(next), COMMIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value, isInvalid]);

  return <DateInput {...props} aria-invalid={isInvalid || undefined} value={draft} onValueChange={setDraft} />;
}
