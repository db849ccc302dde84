/**
 * XSD validation of SEPA files with xmllint-wasm against the ISO 20022 schemas shipped in
 * ./xsd. The schemas are files beside this module, read through `new URL(…, import.meta.url)`
 * rather than embedded as strings: they stay byte-identical to the ISO originals (ORIGIN.md),
 * 350 kB of XSD stays out of the TypeScript sources, and a bundler treats the pattern as an
 * asset. Each schema is read once, on first use, and cached.
 */
import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

export const SEPA_SCHEMAS = [
  'pain.001.001.09',
  'pain.001.001.03',
  'camt.053.001.02',
  'camt.053.001.04',
  'camt.053.001.08',
] as const;
export type SepaSchema = (typeof SEPA_SCHEMAS)[number];

export interface SepaValidationResult {
  valid: boolean;
  errors: string[];
}

/** A schema given as text (e.g. a bank's variant such as the DK GBIC XSDs) instead of a shipped one. */
export interface CustomSchema {
  fileName: string;
  contents: string;
}

const schemaTexts = new Map<SepaSchema, Promise<string>>();

function schemaText(schema: SepaSchema): Promise<string> {
  let text = schemaTexts.get(schema);
  if (!text) {
    text = readFile(new URL(`./xsd/${schema}.xsd`, import.meta.url), 'utf8');
    // A failed read must not poison the cache for later calls.
    text.catch(() => schemaTexts.delete(schema));
    schemaTexts.set(schema, text);
  }
  return text;
}

export async function validateSepaXml(xml: string, schema: SepaSchema | CustomSchema): Promise<SepaValidationResult> {
  if (typeof schema === 'string' && !SEPA_SCHEMAS.includes(schema)) {
    throw new RangeError(`No XSD shipped for ${String(schema)}`);
  }
  const xsd = typeof schema === 'string' ? { fileName: `${schema}.xsd`, contents: await schemaText(schema) } : schema;
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [xsd],
    // Statements can be large; 256 pages (16 MB) is the default and too small for big files.
    maxMemoryPages: 16_384,
  });
  return {
    valid: result.valid,
    errors: result.errors.map((error) => (error.loc ? `line ${error.loc.lineNumber}: ${error.message}` : error.message)),
  };
}
