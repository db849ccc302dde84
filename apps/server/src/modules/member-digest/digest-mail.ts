import type { Locale } from '@kontor/domain';
import { escapeHtml } from '../../lib/html-text';
import { translateNotification } from '../../lib/i18n';
import type { RenderedSection } from './digest-section';

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

export interface DigestMailInput {
  locale: Locale;
  name: string;
  organization: string;
  sections: RenderedSection[];
  /** Where the reader changes their notifications. */
  settingsLink: string;
  /** One signed link per section the mail has: it stops that option without signing in. */
  unsubscribe: { option: string; url: string }[];
}

/**
 * One member's digest: a heading per section with its items (linked in the HTML part), the link
 * to the whole list, and why the mail came with where to change that. A digest of one section is
 * named by it ("3 receivables paid on 07.12.2026 – Acme GmbH"); several make a daily summary.
 */
export function composeDigest(input: DigestMailInput): { subject: string; text: string; html: string } {
  const { locale, sections, organization } = input;
  const t = (key: Parameters<typeof translateNotification>[0], params?: Record<string, string | number>) =>
    translateNotification(key, locale, params);
  const subject =
    sections.length === 1
      ? t('digestSubjectOne', { summary: sections[0]!.summary, organization })
      : t('digestSubjectOther', { organization });
  const heading = (section: RenderedSection) => [section.summary + '.', section.detail].filter(Boolean).join(' ');
  const more = (section: RenderedSection) => (section.more > 0 ? [t('digestMore', { count: section.more })] : []);

  const text = [
    t('digestGreeting', { name: input.name }),
    t('digestIntro', { organization }),
    ...sections.map((section) =>
      [
        heading(section),
        ...section.lines.map((line) => line.text),
        ...more(section),
        `${section.linkLabel} ${section.link}`,
      ].join('\n'),
    ),
    `${t('digestFooter', { organization })}\n${input.settingsLink}`,
    [
      t('digestUnsubscribeIntro'),
      ...input.unsubscribe.map(({ option, url }) => `${t('digestUnsubscribeLine', { option })} ${url}`),
    ].join('\n'),
    'Kontor',
  ].join('\n\n');

  const html = [
    `<p>${escapeHtml(t('digestGreeting', { name: input.name }))}</p>`,
    `<p>${escapeHtml(t('digestIntro', { organization }))}</p>`,
    ...sections.map(
      (section) =>
        `<h2 style="font-size:16px">${escapeHtml(section.summary)}</h2>` +
        (section.detail ? `<p>${escapeHtml(section.detail)}</p>` : '') +
        `<ul>${section.lines
          .map(
            (line) =>
              `<li>${line.href ? link(line.href, line.text.replace(/^- /, '')) : escapeHtml(line.text.replace(/^- /, ''))}</li>`,
          )
          .join('')}</ul>` +
        more(section)
          .map((sentence) => `<p>${escapeHtml(sentence)}</p>`)
          .join('') +
        `<p>${link(section.link, section.linkLabel.replace(/:$/, ''))}</p>`,
    ),
    `<p style="color:#666;font-size:12px">${escapeHtml(t('digestFooter', { organization }))} ${link(input.settingsLink, input.settingsLink)}</p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(t('digestUnsubscribeIntro'))} ${input.unsubscribe
      .map(({ option, url }) => link(url, option))
      .join(' · ')}</p>`,
  ].join('');
  return { subject, text, html: `<!doctype html><html lang="${locale}"><body>${html}</body></html>` };
}
