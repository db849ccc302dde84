/**
 * Recognising a bank file from its first bytes (issue 7 item 5): the root element's namespace
 * names the message (`urn:iso:std:iso:20022:tech:xsd:pain.001.001.03`, or a bank's own URI around
 * the ISO name such as the Austrian "ISO:camt.053.001.02:APC:STUZZA:payments:003"). Files without
 * a namespace are recognised by the message element inside `<Document>`. A byte-order mark, the
 * XML declaration, comments and processing instructions before the root are skipped.
 */

export type BankFileFormat = 'pain.001' | 'camt.053';

/** How much of the file the recognition may read: the root and its first child come long before. */
export const FORMAT_HEAD_BYTES = 64 * 1024;

/** The version assumed for a file without namespace (the readers need one; the elements they read are shared). */
const DEFAULT_NAMESPACE: Record<BankFileFormat, string> = {
  'pain.001': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03',
  'camt.053': 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02',
};

const MESSAGE_ELEMENT: Record<string, BankFileFormat> = { CstmrCdtTrfInitn: 'pain.001', BkToCstmrStmt: 'camt.053' };

export type FormatVerdict =
  | { kind: 'recognised'; format: BankFileFormat; hasNamespace: boolean }
  | { kind: 'unrecognised' }
  /** The head ends before the answer: read more (or, at the end of the file, unrecognised). */
  | { kind: 'need_more' };

/** Skips BOM, whitespace, `<?…?>`, `<!--…-->` and a DOCTYPE; null when the head ends inside one of them. */
function skipProlog(text: string): number | null {
  // The UTF-8 byte-order mark, decoded (U+FEFF) or read byte by byte as Latin-1 (the head is).
  let at = text.startsWith('\uFEFF') ? 1 : text.startsWith('\u00EF\u00BB\u00BF') ? 3 : 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
    if (at >= text.length) return null;
    const closer = text.startsWith('<?', at)
      ? '?>'
      : text.startsWith('<!--', at)
        ? '-->'
        : text.startsWith('<!', at)
          ? '>'
          : null;
    if (!closer) return at;
    const end = text.indexOf(closer, at + 2);
    if (end < 0) return null;
    at = end + closer.length;
  }
}

interface StartTag {
  local: string;
  prefix: string | null;
  attributes: string;
  end: number;
}

const START_TAG = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/;

function startTagAt(text: string, at: number): StartTag | 'incomplete' | null {
  if (text[at] !== '<') return null;
  const close = text.indexOf('>', at);
  if (close < 0) return 'incomplete';
  const match = START_TAG.exec(text.slice(at, close + 1));
  if (!match) return null;
  return { prefix: match[1]?.slice(0, -1) ?? null, local: match[2]!, attributes: match[3] ?? '', end: at + match[0].length };
}

function namespaceOf(tag: StartTag): string | null {
  const name = tag.prefix ? `xmlns:${tag.prefix}` : 'xmlns';
  const match = new RegExp(`(?:^|\\s)${name.replace('.', '\\.')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag.attributes);
  return match ? (match[1] ?? match[2] ?? '') : null;
}

/** The format a namespace names: the ISO message name anywhere in the URI. */
function formatOfNamespace(namespace: string): BankFileFormat | 'other' {
  const match = /(pain\.001|camt\.053)\.\d{3}\.\d{2}/.exec(namespace);
  return match ? (match[1] as BankFileFormat) : 'other';
}

/** Recognises the format from the decoded head of the file. */
export function recogniseBankFile(head: string): FormatVerdict {
  const rootAt = skipProlog(head);
  if (rootAt === null) return { kind: 'need_more' };
  const root = startTagAt(head, rootAt);
  if (root === 'incomplete') return { kind: 'need_more' };
  if (!root || root.local !== 'Document') return { kind: 'unrecognised' };
  const namespace = namespaceOf(root);
  if (namespace) {
    const format = formatOfNamespace(namespace);
    return format === 'other' ? { kind: 'unrecognised' } : { kind: 'recognised', format, hasNamespace: true };
  }
  // No namespace: the message element inside <Document> tells.
  let at = root.end;
  for (;;) {
    while (at < head.length && /\s/.test(head[at]!)) at += 1;
    if (at >= head.length) return { kind: 'need_more' };
    if (head.startsWith('<!--', at)) {
      const end = head.indexOf('-->', at);
      if (end < 0) return { kind: 'need_more' };
      at = end + 3;
      continue;
    }
    break;
  }
  const child = startTagAt(head, at);
  if (child === 'incomplete') return { kind: 'need_more' };
  const format = child ? MESSAGE_ELEMENT[child.local] : undefined;
  return format ? { kind: 'recognised', format, hasNamespace: false } : { kind: 'unrecognised' };
}

/** Decodes a head for recognition; the markup that matters is ASCII in every encoding banks use. */
export function decodeHead(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}

/**
 * The readers of @kontor/formats take the version from the namespace. A file without one (seen
 * from hand-made exports) means the same elements, so the default namespace of its message is
 * written into `<Document>` as the file streams by; every other byte passes unchanged.
 */
export async function* withDefaultNamespace(
  source: AsyncIterable<Uint8Array>,
  format: BankFileFormat,
): AsyncGenerator<Uint8Array> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    const text = decodeHead(head);
    const rootAt = skipProlog(text);
    const root = rootAt === null ? 'incomplete' : startTagAt(text, rootAt);
    if (root === 'incomplete' && head.length < FORMAT_HEAD_BYTES) continue;
    if (root && root !== 'incomplete' && namespaceOf(root) === null) {
      // Latin-1 decoding maps byte i to character i, so the text offset is the byte offset.
      const insertAt = root.end - (text[root.end - 2] === '/' ? 2 : 1);
      yield Buffer.concat([
        head.subarray(0, insertAt),
        Buffer.from(` xmlns="${DEFAULT_NAMESPACE[format]}"`),
        head.subarray(insertAt),
      ]);
    } else {
      yield head;
    }
    head = null;
  }
  if (head !== null && head.length > 0) yield head;
}
