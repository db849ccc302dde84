/**
 * Repairs the commonest damage in hand-made or badly exported bank files before parsing,
 * where the meaning is clear: a stray "<" or "&" in free text ("A & B GmbH", "Betrag < 10")
 * becomes "&lt;"/"&amp;", and control characters XML forbids are dropped. Without this, a
 * single stray "<" makes the parser read the rest of the file as one broken tag. (Inside
 * CDATA sections, which bank files do not use, this would change the text.)
 */
const STRAY_LT = /<(?![A-Za-z_:/!?])/g;
const STRAY_AMP = /&(?!(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#x[0-9A-Fa-f]+);)/g;
// eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 forbids
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
/** Longest tail that can still be undecided: "&" plus the longest entity reference. */
const UNDECIDED_TAIL = 12;

export interface MarkupRepair {
  /** Repaired text that is safe to parse; may hold back a short tail until the next chunk. */
  push(chunk: string): string;
  /** Whatever was held back, repaired. */
  flush(): string;
  /** How many characters were escaped or dropped so far. */
  readonly repairs: number;
}

export function createMarkupRepair(): MarkupRepair {
  let carry = '';
  let repairs = 0;
  const repair = (text: string): string =>
    text
      .replace(FORBIDDEN_CONTROL, () => {
        repairs += 1;
        return '';
      })
      .replace(STRAY_LT, () => {
        repairs += 1;
        return '&lt;';
      })
      .replace(STRAY_AMP, () => {
        repairs += 1;
        return '&amp;';
      });
  return {
    push(chunk) {
      const text = carry + chunk;
      const last = Math.max(text.lastIndexOf('<'), text.lastIndexOf('&'));
      // A "<" or "&" near the end can only be judged with the characters that follow it.
      const cut = last >= 0 && last >= text.length - UNDECIDED_TAIL ? last : text.length;
      carry = text.slice(cut);
      return repair(text.slice(0, cut));
    },
    flush() {
      const rest = carry;
      carry = '';
      return repair(rest);
    },
    get repairs() {
      return repairs;
    },
  };
}
