import type { Locale } from '@kontor/domain/auth';
import type { CSSProperties } from 'react';
import { DayPicker, type DayPickerLocale } from 'react-day-picker';
import { de } from 'react-day-picker/locale/de';
import { enGB } from 'react-day-picker/locale/en-GB';
import 'react-day-picker/style.css';

/** Month names, weekday names and the labels a screen reader reads, in the interface's language; weeks start on Monday. */
const DAY_PICKER_LOCALE: Record<Locale, DayPickerLocale> = { de, en: enGB };

/** react-day-picker's stylesheet, in Kontor's colours and at the size of the form's text. */
const THEME = {
  '--rdp-accent-color': 'var(--color-primary)',
  '--rdp-accent-background-color': 'var(--color-primary-background)',
  '--rdp-today-color': 'var(--color-ring)',
  '--rdp-day-height': '2.25rem',
  '--rdp-day-width': '2.25rem',
  '--rdp-day_button-height': '2.125rem',
  '--rdp-day_button-width': '2.125rem',
  '--rdp-nav_button-height': '2rem',
  '--rdp-nav_button-width': '2rem',
  '--rdp-nav-height': '2.25rem',
  fontSize: '0.875rem',
} as CSSProperties;

/** The month and year smaller than the stylesheet's "large": "November 2026" and the month arrows fit in seven days' width. */
const CAPTION_STYLES = { month_caption: { fontSize: '0.9375rem' } };

/** Years a finance team dates documents in: ten back (archived invoices) and ten ahead (due dates, contracts). */
const YEARS_AROUND_TODAY = 10;

export interface CalendarProps {
  locale: Locale;
  selected: Date | undefined;
  onSelect: (date: Date) => void;
}

/**
 * A month to pick a day from. Its own chunk (react-day-picker and date-fns): it loads when a
 * date field's calendar first opens, not with every screen that has a date field.
 */
export default function Calendar({ locale, selected, onSelect }: CalendarProps) {
  const thisYear = new Date().getFullYear();
  // A document dated outside the years around today still opens on its own month.
  const selectedYear = selected?.getFullYear() ?? thisYear;
  return (
    <DayPicker
      mode="single"
      required
      autoFocus
      locale={DAY_PICKER_LOCALE[locale]}
      selected={selected}
      defaultMonth={selected}
      onSelect={onSelect}
      captionLayout="dropdown"
      startMonth={new Date(Math.min(selectedYear, thisYear - YEARS_AROUND_TODAY), 0)}
      endMonth={new Date(Math.max(selectedYear, thisYear + YEARS_AROUND_TODAY), 11)}
      showOutsideDays
      style={THEME}
      styles={CAPTION_STYLES}
    />
  );
}
