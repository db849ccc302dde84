import { todayIso } from '@kontor/domain/dates';
import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { formatDateForInput, isoOfLocalDate, localDateOf, parseTypedDate } from '@/lib/date-input';
import { currentLocale } from '@/lib/i18n';
import { Input } from './input';
import { Spinner } from './spinner';

const Calendar = lazy(() => import('./calendar'));

export interface DateInputProps extends Omit<ComponentProps<'input'>, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** An ISO date (YYYY-MM-DD); null when empty; while the text cannot be read, the text itself. */
  value: string | null | undefined;
  onValueChange: (value: string | null) => void;
}

/**
 * A date typed in the interface's language ("15.03.2026", "15.3.26", "150326"; see
 * parseTypedDate) or picked from a calendar. The text is the user's until they leave the field;
 * then it is shown in full ("1.4." → "01.04.2026"). Unreadable text is passed on as it is, so a
 * form's date rule refuses it with its message and nothing the user typed is lost or blanked.
 */
export function DateInput({ value, onValueChange, onBlur, onKeyDown, className, disabled, ref, ...props }: DateInputProps) {
  const { t } = useTranslation('common');
  const locale = currentLocale();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [text, setText] = useState(() => formatDateForInput(value, locale));
  const [shownValue, setShownValue] = useState(value);
  const [isCalendarOpen, setCalendarOpen] = useState(false);

  // The form changed the value (reset, reload, a pick): show it, unless the text already means it.
  if (value !== shownValue) {
    setShownValue(value);
    const parsed = parseTypedDate(text, todayIso());
    const isSame = parsed.ok ? (parsed.value ?? null) === (value ?? null) : text === value;
    if (!isSame) setText(formatDateForInput(value, locale));
  }

  const pick = (date: Date) => {
    const iso = isoOfLocalDate(date);
    setText(formatDateForInput(iso, locale));
    setShownValue(iso);
    onValueChange(iso);
    setCalendarOpen(false);
  };

  return (
    <Popover.Root open={isCalendarOpen} onOpenChange={setCalendarOpen}>
      <Popover.Anchor asChild>
        <div className={cn('relative', className)}>
          <Input
            {...props}
            ref={(element) => {
              inputRef.current = element;
              if (typeof ref === 'function') ref(element);
              else if (ref) ref.current = element;
            }}
            type="text"
            // Not "numeric": a phone's digit pad has no letters and, on iOS, no "+", so "heute",
            // "t" or "+14" (lib/date-input.ts) could not be typed; the calendar button stays for taps.
            inputMode="text"
            autoComplete="off"
            placeholder={t('dateInput.placeholder')}
            title={t('dateInput.hint')}
            disabled={disabled}
            className="pr-10 tabular-nums"
            value={text}
            onChange={(event) => {
              const nextText = event.target.value;
              const parsed = parseTypedDate(nextText, todayIso());
              const next = parsed.ok ? parsed.value : nextText;
              setText(nextText);
              setShownValue(next);
              onValueChange(next);
            }}
            onBlur={(event) => {
              const parsed = parseTypedDate(text, todayIso());
              if (parsed.ok) setText(formatDateForInput(parsed.value, locale));
              onBlur?.(event);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && event.altKey) {
                event.preventDefault();
                setCalendarOpen(true);
              }
              onKeyDown?.(event);
            }}
          />
          <Popover.Trigger
            type="button"
            disabled={disabled}
            aria-label={t('dateInput.openCalendar')}
            className="absolute top-1/2 right-1 flex size-8 -translate-y-1/2 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none"
          >
            <CalendarDays aria-hidden="true" className="size-4" />
          </Popover.Trigger>
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label={t('dateInput.calendar')}
          className="z-50 rounded-md border border-border bg-surface p-3 text-foreground shadow-lg"
          onCloseAutoFocus={(event) => {
            // Back to the text, where the user goes on typing, rather than to the calendar button.
            event.preventDefault();
            inputRef.current?.focus();
          }}
        >
          <Suspense
            fallback={
              <div className="flex h-72 w-64 items-center justify-center">
                <Spinner label={t('states.loading')} />
              </div>
            }
          >
            <Calendar locale={locale} selected={localDateOf(value)} onSelect={pick} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
