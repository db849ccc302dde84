/**
 * A minimal element tree for reading Schematron files: just what the XSLT generator needs
 * (names, attributes as written, in-scope namespaces, children in order) and a serializer for
 * copying foreign XSLT elements (e.g. `xsl:function`) through verbatim.
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  /** Qualified name as written, e.g. `xsl:function`. */
  name: string;
  local: string;
  uri: string;
  /** Attributes by qualified name as written; namespace declarations are not included. */
  attributes: Record<string, string>;
  /** Namespaces declared on this element (prefix → URI; '' is the default namespace). */
  declared: Record<string, string>;
  /** Namespaces in scope here, including inherited ones. */
  inScope: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

export function parseXml(text: string, fileName: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, fileName });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const parent = stack.at(-1);
    const declared = { ...tag.ns };
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix !== 'xmlns' && attribute.name !== 'xmlns') attributes[attribute.name] = attribute.value;
    }
    const element: XmlElement = {
      name: tag.name,
      local: tag.local,
      uri: tag.uri,
      attributes,
      declared,
      inScope: { ...parent?.inScope, ...declared },
      children: [],
    };
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => void stack.at(-1)?.children.push(text));
  parser.on('cdata', (text) => void stack.at(-1)?.children.push(text));
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(text).close();
  if (!root) throw new Error(`${fileName}: no root element`);
  return root;
}

export const childElements = (element: XmlElement): XmlElement[] =>
  element.children.filter((child): child is XmlElement => typeof child !== 'string');

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Serializes an element as written. The copy's root declares every namespace in scope at the
 * original, so prefixes used inside it (in names and in XPath text) keep their meaning.
 */
export function serializeElement(element: XmlElement, namespaces = element.inScope): string {
  const declarations = Object.entries(namespaces).map(
    ([prefix, uri]) => ` ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${escapeXml(uri)}"`,
  );
  const attributes = Object.entries(element.attributes).map(([name, value]) => ` ${name}="${escapeXml(value)}"`);
  const start = `<${element.name}${declarations.join('')}${attributes.join('')}`;
  if (element.children.length === 0) return `${start}/>`;
  const content = element.children
    .map((child) => (typeof child === 'string' ? escapeXml(child) : serializeElement(child, child.declared)))
    .join('');
  return `${start}>${content}</${element.name}>`;
}
