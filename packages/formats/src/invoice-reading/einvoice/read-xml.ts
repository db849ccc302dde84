/** Entry point for e-invoice XML: detects the syntax from the root element and reads it. */
import { ReadingError, type EInvoiceSyntax, type ExtractedInvoice } from '../extracted-invoice';
import { buildInvoice } from './build';
import { readCii } from './cii';
import { readUbl, UBL_CREDIT_NOTE_NAMESPACE, UBL_INVOICE_NAMESPACE } from './ubl';
import { namespaceOf, parseXml, type XmlNode } from './xml';
import { ZUGFERD1_NAMESPACE } from './cii-containers';

export const CII_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

const ROOTS: Record<string, { namespace: string; syntax: EInvoiceSyntax }> = {
  Invoice: { namespace: UBL_INVOICE_NAMESPACE, syntax: 'UBL' },
  CreditNote: { namespace: UBL_CREDIT_NOTE_NAMESPACE, syntax: 'UBL' },
  CrossIndustryInvoice: { namespace: CII_NAMESPACE, syntax: 'CII' },
  CrossIndustryDocument: { namespace: ZUGFERD1_NAMESPACE, syntax: 'ZUGFeRD1' },
};

/**
 * Which e-invoice syntax a root element is. Prefixes don't matter, the namespace does: a known
 * root name in a foreign namespace (another "Invoice" vocabulary, or a future CII version) is
 * `unsupported_einvoice`; an unknown root is `not_an_einvoice`.
 */
export function detectSyntax(root: XmlNode): EInvoiceSyntax {
  const known = Object.hasOwn(ROOTS, root.name) ? ROOTS[root.name] : undefined;
  if (!known) throw new ReadingError('not_an_einvoice', `root element <${root.name}>`);
  const namespace = namespaceOf(root);
  if (namespace !== known.namespace) {
    // A bare UBL-like <Invoice> without namespace is some other XML, not an unsupported e-invoice.
    if (namespace === null && known.syntax === 'UBL')
      throw new ReadingError('not_an_einvoice', `<${root.name}> without namespace`);
    throw new ReadingError('unsupported_einvoice', `<${root.name}> in namespace ${namespace ?? '(none)'}`);
  }
  return known.syntax;
}

/**
 * Reads a UBL Invoice/CreditNote, a CII (EN 16931, XRechnung, ZUGFeRD 2.x, Factur-X) or a
 * ZUGFeRD 1.0 document. Every field has confidence 1 and source 'xml'. Throws ReadingError:
 * `malformed_xml` (not well-formed, DOCTYPE, bad encoding, > 20 MB, or mandatory terms missing /
 * self-contradicting), `not_an_einvoice`, `unsupported_einvoice`.
 */
export function readEInvoiceXml(xml: Uint8Array | string): ExtractedInvoice {
  return readEInvoiceXmlAs(xml, 'einvoice-xml');
}

export function readEInvoiceXmlAs(xml: Uint8Array | string, kind: ExtractedInvoice['kind']): ExtractedInvoice {
  const root = parseXml(xml);
  const syntax = detectSyntax(root);
  return buildInvoice(syntax === 'UBL' ? readUbl(root) : readCii(root, syntax), kind);
}
