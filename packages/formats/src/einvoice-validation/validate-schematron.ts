/**
 * Schematron validation of e-invoices against the EN 16931 and XRechnung rules.
 *
 * Engine: the rules are generated into XSLT 3.0 (./schematron-to-xslt.ts), compiled once to a
 * SEF (./compile-schematron.ts) and run with SaxonJS. Measured against node-schematron, the
 * Schematron package on npm (fontoxpath-based), on this 2-core machine with the EN 16931 rules:
 * SaxonJS takes 20–70 ms per CII and 45–130 ms per UBL invoice (7–240 kB); node-schematron
 * took 6.5 s per UBL invoice and over 30 s per CII invoice.
 */
import type SaxonJS from 'saxon-js';
import type { StylesheetInternal, TransformResult } from 'saxon-js';
import path from 'node:path';
import { compileSchematron } from './compile-schematron';
import { einvoiceSchemasDir } from './schema-files';

export type EinvoiceRuleSet = 'en16931-cii' | 'en16931-ubl' | 'xrechnung-cii' | 'xrechnung-ubl';

export interface SchematronFailure {
  /** Rule id, e.g. BR-CO-15. */
  id: string;
  flag: 'fatal' | 'error' | 'warning' | 'information';
  /** XPath of the context node, as fn:path() gives it. */
  location: string;
  text: string;
}

export interface SchematronResult {
  /** Every failed assert and fired report, warnings and information included. */
  failures: SchematronFailure[];
  /** The failures flagged fatal or error: the document is not valid if there are any. */
  errors: SchematronFailure[];
}

/**
 * One rule file per set. The xrechnung-* sets hold only the German CIUS rules (BR-DE-…); an
 * XRechnung must pass the matching en16931-* set as well.
 */
const RULE_FILES: Record<EinvoiceRuleSet, string> = {
  'en16931-cii': 'en16931-schematron/EN16931-CII-validation-preprocessed.sch',
  'en16931-ubl': 'en16931-schematron/EN16931-UBL-validation-preprocessed.sch',
  'xrechnung-cii': 'xrechnung-schematron/XRechnung-CII-validation.sch',
  'xrechnung-ubl': 'xrechnung-schematron/XRechnung-UBL-validation.sch',
};

type Saxon = typeof SaxonJS;

/** SaxonJS (2.4 MB) is loaded on first use only, not when the module is imported. */
let saxonModule: Promise<Saxon> | undefined;
const loadSaxon = (): Promise<Saxon> => (saxonModule ??= import('saxon-js').then((module) => module.default));

/**
 * The SEF text until the first transform, then the `stylesheetInternal` that transform
 * returned: later calls reuse it instead of parsing the SEF (several MB of JSON) again.
 */
interface Stylesheet {
  sefText?: string;
  internal?: StylesheetInternal;
}
/** Keyed by Schematron file; a failed compile is dropped so that the next call tries again. */
const stylesheets = new Map<string, Promise<Stylesheet>>();

function stylesheet(schematronFile: string, saxon: Saxon): Promise<Stylesheet> {
  let entry = stylesheets.get(schematronFile);
  if (!entry) {
    entry = compileSchematron(schematronFile, saxon.getProcessorInfo().productVersion).then((sefText) => ({ sefText }));
    entry.catch(() => stylesheets.delete(schematronFile));
    stylesheets.set(schematronFile, entry);
  }
  return entry;
}

const FLAGS: ReadonlySet<string> = new Set(['fatal', 'error', 'warning', 'information']);

function toFailure(item: unknown): SchematronFailure {
  const record = item as Partial<Record<keyof SchematronFailure, unknown>>;
  const flag = String(record.flag);
  return {
    id: String(record.id ?? ''),
    flag: (FLAGS.has(flag) ? flag : 'error') as SchematronFailure['flag'],
    location: String(record.location ?? ''),
    text: String(record.text ?? ''),
  };
}

/** Validates one document against a Schematron file; throws if it is not well-formed XML. */
export async function validateWithSchematronFile(xml: string, schematronFile: string): Promise<SchematronResult> {
  const saxon = await loadSaxon();
  const compiled = await stylesheet(schematronFile, saxon);
  let result: TransformResult;
  try {
    result = saxon.transform(
      compiled.internal
        ? { stylesheetInternal: compiled.internal, sourceText: xml, destination: 'raw' }
        : { stylesheetText: compiled.sefText, sourceText: xml, destination: 'raw' },
    );
  } catch (error) {
    // Rule errors are caught inside the stylesheet; what arrives here is mostly a parse error.
    throw new Error(`Schematron validation failed: ${(error as Error).message}`, { cause: error });
  }
  if (!compiled.internal) {
    compiled.internal = result.stylesheetInternal;
    delete compiled.sefText;
  }
  // The generated stylesheet returns its failure maps serialized as one JSON array.
  const failures = (JSON.parse(String(result.principalResult)) as unknown[]).map(toFailure);
  return { failures, errors: failures.filter((failure) => failure.flag === 'fatal' || failure.flag === 'error') };
}

/** Validates one document against an EN 16931 or XRechnung rule set; throws if it is not well-formed XML. */
export function validateEinvoiceSchematron(xml: string, rules: EinvoiceRuleSet): Promise<SchematronResult> {
  return validateWithSchematronFile(xml, path.join(einvoiceSchemasDir(), RULE_FILES[rules]));
}
