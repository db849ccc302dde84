/**
 * A compact ISO Schematron (queryBinding xslt2/xslt3) → XSLT 3.0 generator, enough for the
 * EN 16931 and XRechnung rule files: there is no Schematron compiler on npm (SchXslt and the ISO
 * skeleton are XSLT distributions, not packages).
 *
 * Mapping:
 * - each pattern is a mode; the entry template applies every mode to the document in turn, and
 *   a node no rule matches is passed over to its attributes and children;
 * - each rule is a template in its pattern's mode. Priorities fall in document order, because
 *   Schematron lets only the first rule of a pattern that matches a node fire;
 * - `let` in a rule becomes a local `xsl:variable`; `let` in a pattern or the schema becomes a
 *   global one, evaluated against the document (as the ISO skeleton and SchXslt do);
 * - assert/report become a failure map {id, flag, location: path(), text}, with `name` and
 *   `value-of` in the message evaluated; all maps are returned as one JSON string;
 * - top-level foreign `xsl:*` elements (XRechnung's `xsl:function`) are copied through.
 * Not supported (none of the four rule files uses them; the generator throws): abstract patterns
 * and rules, `extends`. Phases are ignored: all patterns run, as with the default phase #ALL.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { childElements, escapeXml, parseXml, serializeElement, type XmlElement } from './xml-tree';

const SCH = 'http://purl.oclc.org/dsdl/schematron';
const XSL = 'http://www.w3.org/1999/XSL/Transform';
/** Namespace of the generator's own names (modes, helper variables), apart from the rules' names. */
const KSV = 'urn:kontor:schematron';

/**
 * Reads a Schematron file and replaces each `include` by the root element of the file it names.
 * XRechnung writes `<include href="../common.sch"/>` for its release layout (cii/, ubl/ beside
 * common.sch); where the rule files sit side by side with common.sch, as in the shared fixtures,
 * the same name in the including file's own folder is used instead.
 */
export function readSchematron(file: string): XmlElement {
  const root = parseXml(readFileSync(file, 'utf8'), file);
  expandIncludes(root, path.dirname(file));
  return root;
}

function expandIncludes(element: XmlElement, folder: string): void {
  element.children = element.children.map((child) => {
    if (typeof child === 'string') return child;
    if (child.uri === SCH && child.local === 'include') {
      const href = child.attributes.href ?? '';
      let target = path.resolve(folder, href);
      if (!existsSync(target)) target = path.join(folder, path.basename(href));
      return readSchematron(target);
    }
    expandIncludes(child, folder);
    return child;
  });
}

const sch = (element: XmlElement, local: string): XmlElement[] =>
  childElements(element).filter((child) => child.uri === SCH && child.local === local);

function required(element: XmlElement, attribute: string): string {
  const value = element.attributes[attribute];
  if (value === undefined) throw new Error(`Schematron <${element.name}> lacks @${attribute}`);
  return value;
}

const stringLiteral = (text: string): string => `'${text.replace(/'/g, "''")}'`;

function variable(letElement: XmlElement): string {
  const name = required(letElement, 'name');
  const value = letElement.attributes.value;
  if (value !== undefined) return `<xsl:variable name="${escapeXml(name)}" select="${escapeXml(value)}"/>`;
  // A let without @value holds its value as element content.
  const content = childElements(letElement)
    .map((child) => serializeElement(child))
    .join('');
  return `<xsl:variable name="${escapeXml(name)}">${content}</xsl:variable>`;
}

/** The message of an assert/report as an XSLT sequence constructor yielding text. */
function message(element: XmlElement): string {
  return element.children
    .map((child) => {
      if (typeof child === 'string') return `<xsl:text>${escapeXml(child)}</xsl:text>`;
      if (child.uri === SCH && child.local === 'name') {
        return `<xsl:value-of select="name(${escapeXml(child.attributes.path ?? '.')})"/>`;
      }
      if (child.uri === SCH && child.local === 'value-of') {
        return `<xsl:value-of select="${escapeXml(required(child, 'select'))}"/>`;
      }
      // emph, dir, span and foreign markup: keep their text only.
      return message(child);
    })
    .join('');
}

const FLAGS = new Set(['fatal', 'error', 'warning', 'information']);

function flagOf(check: XmlElement): string {
  const flag = (check.attributes.flag ?? check.attributes.role ?? 'error').toLowerCase();
  if (flag === 'warn') return 'warning';
  if (flag === 'info') return 'information';
  return FLAGS.has(flag) ? flag : 'error';
}

/** XPath for a failure map of an assert/report; `text` is an XPath expression for the message. */
function failure(check: XmlElement, text: string): string {
  const id = stringLiteral(check.attributes.id ?? '');
  return escapeXml(`map{'id': ${id}, 'flag': ${stringLiteral(flagOf(check))}, 'location': path(), 'text': ${text}}`);
}

const EVALUATION_ERROR = "'Rule could not be evaluated: ' || $err:description";

function check(element: XmlElement): string {
  const test = escapeXml(required(element, 'test'));
  const condition = element.local === 'assert' ? `not((${test}))` : test;
  // A dynamic error in one test (say xs:decimal('12,50')) is reported as a failure of that
  // rule rather than aborting the whole validation.
  return (
    `<xsl:try><xsl:if test="${condition}">` +
    `<xsl:variable name="ksv:text"><xsl:value-of>${message(element)}</xsl:value-of></xsl:variable>` +
    `<xsl:sequence select="${failure(element, 'normalize-space($ksv:text)')}"/>` +
    `</xsl:if><xsl:catch><xsl:sequence select="${failure(element, EVALUATION_ERROR)}"/></xsl:catch></xsl:try>`
  );
}

function rule(element: XmlElement, mode: string, priority: number): string {
  if (element.attributes.abstract === 'true' || sch(element, 'extends').length > 0) {
    throw new Error('Abstract Schematron rules are not supported');
  }
  const parts = childElements(element).filter((child) => child.uri === SCH);
  const checks = parts.filter((child) => child.local === 'assert' || child.local === 'report');
  let body = parts
    .map((child) => (child.local === 'let' ? variable(child) : checks.includes(child) ? check(child) : ''))
    .join('\n');
  if (parts.some((child) => child.local === 'let')) {
    // SaxonJS evaluates local variables where they are declared, outside the checks' xsl:try:
    // a let that raises an error fails every check of its rule, not the whole validation.
    const failures = checks.map((child) => `<xsl:sequence select="${failure(child, EVALUATION_ERROR)}"/>`).join('');
    body = `<xsl:try>\n${body}\n<xsl:catch>${failures}</xsl:catch></xsl:try>`;
  }
  return (
    `<xsl:template match="${escapeXml(required(element, 'context'))}" mode="${mode}" priority="${priority}">\n${body}\n` +
    `<xsl:apply-templates select="@*|node()" mode="#current"/>\n</xsl:template>`
  );
}

/** Generates the XSLT 3.0 text for a Schematron tree read by `readSchematron`. */
export function schematronToXslt(schema: XmlElement): string {
  // ISO Schematron binds query prefixes with <ns> only, but rule files also use prefixes declared
  // on the schema element (XRechnung's u: for its xsl:function), as SchXslt allows; <ns> wins,
  // and the prefixes of the generated code itself win over both.
  const namespaces = new Map<string, string>([['xs', 'http://www.w3.org/2001/XMLSchema']]);
  for (const [prefix, uri] of Object.entries(schema.inScope)) if (prefix) namespaces.set(prefix, uri);
  for (const ns of sch(schema, 'ns')) namespaces.set(required(ns, 'prefix'), required(ns, 'uri'));
  namespaces.set('xsl', XSL).set('err', 'http://www.w3.org/2005/xqt-errors').set('ksv', KSV);

  const patterns = sch(schema, 'pattern');
  const globals = [...sch(schema, 'let'), ...patterns.flatMap((pattern) => sch(pattern, 'let'))].map(variable);
  const foreign = childElements(schema)
    .filter((child) => child.uri === XSL)
    .map((child) => serializeElement(child));

  const modes = patterns.map((pattern, index) => {
    if (pattern.attributes.abstract === 'true' || pattern.attributes['is-a']) {
      throw new Error('Abstract Schematron patterns are not supported');
    }
    const mode = `ksv:p${index + 1}`;
    const rules = sch(pattern, 'rule');
    return [
      `<xsl:mode name="${mode}" on-no-match="shallow-skip"/>`,
      ...rules.map((element, position) => rule(element, mode, rules.length - position)),
    ].join('\n');
  });

  const declarations = [...namespaces].map(([prefix, uri]) => ` xmlns:${prefix}="${escapeXml(uri)}"`).join('');
  const applyAll = patterns.map((_, index) => `<xsl:apply-templates select="." mode="ksv:p${index + 1}"/>`).join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<xsl:stylesheet version="3.0"${declarations} exclude-result-prefixes="#all">`,
    ...foreign,
    ...globals,
    '<xsl:template match="/">',
    `<xsl:variable name="ksv:failures" as="map(*)*">${applyAll}</xsl:variable>`,
    `<xsl:sequence select="serialize(array{$ksv:failures}, map{'method': 'json'})"/>`,
    '</xsl:template>',
    ...modes,
    '</xsl:stylesheet>',
    '',
  ].join('\n');
}
