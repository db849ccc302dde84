/**
 * Safe XML parsing for e-invoices: bytes → text (BOM, declared encoding) → a small
 * namespace-prefix-free element tree. Any DOCTYPE is refused outright, so neither external
 * entities nor DTD entity expansion (billion laughs) can ever happen; fast-xml-parser runs
 * with processEntities off and only the five predefined entities and character references
 * are decoded here.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ReadingError } from '../extracted-invoice';

/** Larger files are refused before any parsing (real e-invoices are well below 5 MB). */
export const MAX_XML_BYTES = 20 * 1024 * 1024;

export interface XmlNode {
  /** Local name without prefix. */
  name: string;
  prefix: string | null;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** Concatenated direct text and CDATA content, entities decoded, not trimmed. */
  text: string;
}

const ENC_NAME = /^[A-Za-z][A-Za-z0-9._-]*$/;
const DECLARATION =
  /^<\?xml\s+version\s*=\s*(["'])1\.\d\1(?:\s+encoding\s*=\s*(["'])([^"']*)\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\4)?\s*\?>/;

function malformed(detail: string): never {
  throw new ReadingError('malformed_xml', detail);
}

/** Encoding name from the XML declaration, checked against the XML EncName production. */
function declaredEncoding(head: string): string | null {
  if (!head.startsWith('<?xml')) return null;
  const match = DECLARATION.exec(head);
  if (!match) malformed('XML declaration not well-formed');
  const encoding = match[3];
  if (encoding === undefined) return null;
  if (!ENC_NAME.test(encoding)) malformed(`invalid encoding name "${encoding}"`);
  return encoding;
}

/** Decodes bytes by BOM, else by the declared encoding, else UTF-8; invalid bytes are refused. */
export function decodeXml(input: Uint8Array | string): string {
  if (typeof input === 'string') {
    if (input.length > MAX_XML_BYTES) malformed('document too large');
    const text = input.replace(/^\uFEFF/, '');
    declaredEncoding(text.slice(0, 200));
    return text;
  }
  if (input.byteLength > MAX_XML_BYTES) malformed('document too large');
  let label = 'utf-8';
  let offset = 0;
  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) offset = 3;
  else if (input[0] === 0xff && input[1] === 0xfe) [label, offset] = ['utf-16le', 2];
  else if (input[0] === 0xfe && input[1] === 0xff) [label, offset] = ['utf-16be', 2];
  if (offset === 0) {
    // The declaration is ASCII in every encoding an e-invoice may use (UTF-16 needs a BOM here).
    const head = String.fromCharCode(...input.subarray(0, 200));
    label = declaredEncoding(head) ?? 'utf-8';
  }
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    malformed(`unsupported encoding "${label}"`);
  }
  try {
    const text = decoder.decode(input.subarray(offset));
    if (offset > 0) declaredEncoding(text.slice(0, 200));
    return text.replace(/^\uFEFF/, '');
  } catch (error) {
    if (error instanceof ReadingError) throw error;
    malformed(`bytes are not valid ${label}`);
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the predefined entities and character references; any other entity is an error. */
export function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]{0,12});/g, (_whole, name: string) => {
    const predefined = PREDEFINED[name];
    if (predefined !== undefined) return predefined;
    const code = /^#x([0-9a-fA-F]+)$/.exec(name)?.[1] ?? /^#([0-9]+)$/.exec(name)?.[1];
    if (code !== undefined) {
      const point = name.startsWith('#x') ? parseInt(code, 16) : parseInt(code, 10);
      if (point > 0 && point <= 0x10ffff) return String.fromCodePoint(point);
    }
    return malformed(`undefined entity &${name};`);
  });
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
});

/** fast-xml-parser's preserveOrder shape: one element key plus ':@' for attributes. */
type OrderedItem = Record<string, unknown>;

function toNode(qualified: string, body: unknown, attributes: unknown, depth: number): XmlNode {
  if (depth > 200) malformed('nesting too deep');
  const colon = qualified.indexOf(':');
  const node: XmlNode = {
    name: colon >= 0 ? qualified.slice(colon + 1) : qualified,
    prefix: colon >= 0 ? qualified.slice(0, colon) : null,
    attrs: {},
    children: [],
    text: '',
  };
  if (attributes && typeof attributes === 'object') {
    for (const [key, value] of Object.entries(attributes)) node.attrs[key] = decodeEntities(String(value));
  }
  for (const item of Array.isArray(body) ? (body as OrderedItem[]) : []) {
    for (const [key, value] of Object.entries(item)) {
      if (key === ':@') continue;
      if (key === '#text') node.text += decodeEntities(String(value));
      else if (key === '#cdata') {
        for (const part of value as OrderedItem[]) node.text += String(part['#text'] ?? '');
      } else node.children.push(toNode(key, value, item[':@'], depth + 1));
    }
  }
  return node;
}

/** Parses untrusted XML into the root element; every failure becomes `malformed_xml`. */
export function parseXml(input: Uint8Array | string): XmlNode {
  const text = decodeXml(input);
  // Refused wholesale, even inside comments: an e-invoice never needs a DTD.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) malformed('DOCTYPE/ENTITY declarations are not allowed');
  const valid = XMLValidator.validate(text);
  if (valid !== true) malformed(`${valid.err.msg} (line ${valid.err.line})`);
  try {
    const items = parser.parse(text) as OrderedItem[];
    const roots = items.filter((item) => Object.keys(item).some((key) => key !== ':@' && !key.startsWith('#')));
    const root = roots[0];
    if (roots.length !== 1 || !root) malformed('expected exactly one root element');
    const key = Object.keys(root).find((name) => name !== ':@')!;
    return toNode(key, root[key], root[':@'], 0);
  } catch (error) {
    if (error instanceof ReadingError) throw error;
    return malformed(error instanceof Error ? error.message : 'unreadable XML');
  }
}

/** Namespace URI of a node, looked up on the node itself (enough for the root element). */
export function namespaceOf(node: XmlNode): string | null {
  return node.attrs[node.prefix ? `xmlns:${node.prefix}` : 'xmlns'] ?? null;
}

/** First descendant along a path of local names. */
export function child(node: XmlNode | null | undefined, ...path: string[]): XmlNode | null {
  let current: XmlNode | null | undefined = node;
  for (const name of path) {
    current = current?.children.find((c) => c.name === name);
    if (!current) return null;
  }
  return current ?? null;
}

/** All children with one of the given local names. */
export function children(node: XmlNode | null | undefined, ...names: string[]): XmlNode[] {
  return node ? node.children.filter((c) => names.includes(c.name)) : [];
}

/** Trimmed text at a path, or null when absent or empty. */
export function text(node: XmlNode | null | undefined, ...path: string[]): string | null {
  const target = path.length ? child(node, ...path) : node;
  const value = target?.text.trim();
  return value ? value : null;
}

/** First non-empty text among alternative paths. */
export function firstText(node: XmlNode | null | undefined, ...paths: string[][]): string | null {
  for (const path of paths) {
    const value = text(node, ...path);
    if (value !== null) return value;
  }
  return null;
}

/** All descendants (depth first) with one of the given local names. */
export function descendants(node: XmlNode | null | undefined, ...names: string[]): XmlNode[] {
  const found: XmlNode[] = [];
  const walk = (current: XmlNode): void => {
    for (const c of current.children) {
      if (names.includes(c.name)) found.push(c);
      walk(c);
    }
  };
  if (node) walk(node);
  return found;
}
