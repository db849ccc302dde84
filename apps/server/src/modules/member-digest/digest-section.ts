import type { DigestOption, Locale } from '@kontor/domain';
import type { OrgId, Tx } from '../../db/database';
import { translateNotification } from '../../lib/i18n';

/** What every section of one organisation's digest is built from (the same for all its members). */
export interface DigestContext {
  tx: Tx;
  orgId: OrgId;
  /** Links into Kontor start here: `${publicUrl}/${slug}`. */
  orgUrl: string;
  /** The business morning's local date, and the days it reports on (packages/domain digestPeriod). */
  today: string;
  period: { from: string; to: string };
  /** The period as instants in the organisation's time zone: [since, until). */
  since: Date;
  until: Date;
  timeZone: string;
}

/** One line of a section: its text and, for the HTML part, where it leads. */
export interface DigestLine {
  text: string;
  href: string | null;
}

/** A section as one member reads it, in their language. */
export interface RenderedSection {
  /** "3 receivables paid on 7 Dec 2026": the section's heading, and the subject of a one-section digest. */
  summary: string;
  /** A sentence after the heading (totals), or empty. */
  detail: string;
  lines: DigestLine[];
  /** How many items the lines leave out. */
  more: number;
  linkLabel: string;
  link: string;
}

/** Who a section is rendered for: what a member-specific section (their approvals) picks by. */
export interface SectionReader {
  userId: string;
}

/**
 * A section's content for the organisation, read once per run and rendered per member and
 * language: the queries do not grow with the number of members. A section about the member's
 * own work (what waits for their approval) reads every member's part at once and renders the
 * reader's; it renders null when that part is empty.
 */
export interface DigestSection {
  option: DigestOption;
  render(locale: Locale, reader: SectionReader): RenderedSection | null;
}

/** At most this many items are listed per section; the rest are counted. */
export const SECTION_LINES_MAX = 10;

export type SectionTranslate = (
  key: Parameters<typeof translateNotification>[0],
  params?: Record<string, string | number>,
) => string;

/** The notification texts in the reader's language. */
export const sectionTranslator =
  (locale: Locale): SectionTranslate =>
  (key, params) =>
    translateNotification(key, locale, params);
