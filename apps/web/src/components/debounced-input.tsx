import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Input } from './ui/input';

type DebouncedInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string;
  onCommit: (value: string) => void;
  delayMs?: number;
};

/**
 * An input that types freely and reports its value once typing pauses (every report is a server
 * query). When the value changes from outside (filters cleared, back button), it follows.
 */
export function DebouncedInput({ value, onCommit, delayMs = 350, ...props }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const lastCommitted = useRef(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });

  useEffect(() => {
    if (value !== lastCommitted.current) {
      lastCommitted.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === lastCommitted.current) return;
    const timer = setTimeout(() => {
      lastCommitted.current = text;
      commit.current(text);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);

  return <Input {...props} value={text} onChange={(event) => setText(event.target.value)} />;
}
