/**
 * XSD validation of e-invoices with xmllint-wasm: CII D16B and UBL 2.1 (Invoice or CreditNote,
 * chosen by the root element). xmllint-wasm has no file access, so every file a schema imports
 * is preloaded under its path relative to the schema folder; the imports' relative
 * schemaLocations (`../common/…`) then resolve inside its in-memory file system.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { einvoiceSchemasDir } from './schema-files';

export type EinvoiceSyntax = 'cii' | 'ubl';

interface SchemaFile {
  fileName: string;
  contents: string;
}
interface SchemaSet {
  main: SchemaFile;
  preload: SchemaFile[];
}

const CII_FOLDER = 'CII/uncefact/data/standard';
const CII_MAIN = 'CrossIndustryInvoice_100pD16B.xsd';
const UBL_MAIN = { Invoice: 'maindoc/UBL-Invoice-2.1.xsd', CreditNote: 'maindoc/UBL-CreditNote-2.1.xsd' } as const;
type UblDocument = keyof typeof UBL_MAIN;

async function readFolder(root: string, folder: string): Promise<SchemaFile[]> {
  const names = (await readdir(path.join(root, folder))).filter((name) => name.endsWith('.xsd')).sort();
  return Promise.all(
    names.map(async (name) => ({
      fileName: `${folder}/${name}`,
      contents: await readFile(path.join(root, folder, name), 'utf8'),
    })),
  );
}

async function loadSchemaSet(key: 'cii' | UblDocument): Promise<SchemaSet> {
  if (key === 'cii') {
    // The D16B data types import only each other; the code list folders are not referenced.
    const files = await readFolder(path.join(einvoiceSchemasDir(), 'cii-d16b'), CII_FOLDER);
    const main = files.find((file) => file.fileName.endsWith(`/${CII_MAIN}`));
    if (!main) throw new Error(`${CII_MAIN} not found`);
    return { main, preload: files.filter((file) => file !== main) };
  }
  const root = path.join(einvoiceSchemasDir(), 'ubl-2.1');
  const fileName = UBL_MAIN[key];
  return {
    main: { fileName, contents: await readFile(path.join(root, fileName), 'utf8') },
    preload: await readFolder(root, 'common'),
  };
}

const schemaSets = new Map<string, Promise<SchemaSet>>();

function schemaSet(key: 'cii' | UblDocument): Promise<SchemaSet> {
  let set = schemaSets.get(key);
  if (!set) {
    set = loadSchemaSet(key);
    // A failed read (fixtures absent) must not poison the cache for later calls.
    set.catch(() => schemaSets.delete(key));
    schemaSets.set(key, set);
  }
  return set;
}

/** Local name of the document element, found without parsing the whole document. */
export function rootElementName(xml: string): string | undefined {
  // Skips the XML declaration, processing instructions, comments and a DOCTYPE.
  const match = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*<([\w.-]+:)?([\w.-]+)/.exec(xml.replace(/^\uFEFF/, ''));
  return match?.[2];
}

export async function validateEinvoiceXsd(xml: string, syntax: EinvoiceSyntax): Promise<{ valid: boolean; errors: string[] }> {
  let key: 'cii' | UblDocument = 'cii';
  if (syntax === 'ubl') {
    const root = rootElementName(xml);
    if (root !== 'Invoice' && root !== 'CreditNote') {
      return { valid: false, errors: [`UBL root element must be Invoice or CreditNote, not ${root ?? '(none)'}`] };
    }
    key = root;
  }
  const { main, preload } = await schemaSet(key);
  const result = await validateXML({
    xml: [{ fileName: 'invoice.xml', contents: xml }],
    schema: [main],
    preload,
    // The UBL schema set alone is about 3 MB of XSD; the default 32 MB limit is too tight.
    maxMemoryPages: 4_096,
  });
  return {
    valid: result.valid,
    errors: result.errors.map((error) => (error.loc ? `line ${error.loc.lineNumber}: ${error.message}` : error.message)),
  };
}
