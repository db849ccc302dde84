/**
 * Validation of generated e-invoice XML (CII D16B, UBL 2.1) against the official XSDs and the
 * EN 16931 / XRechnung Schematron rules. A separate package export
 * (`@kontor/formats/einvoice-validation`), not part of the main index: it reads the schemas from
 * the shared fixtures and needs SaxonJS and xslt3, which other imports should not pay for.
 */
export { validateEinvoiceXsd, type EinvoiceSyntax } from './validate-xsd';
export {
  validateEinvoiceSchematron,
  type EinvoiceRuleSet,
  type SchematronFailure,
  type SchematronResult,
} from './validate-schematron';
