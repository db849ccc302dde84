/**
 * Where the e-invoice XSDs and Schematron rule files are read from: the shared fixtures folder
 * (ARCHITECTURE §6), `KONTOR_FIXTURES` or `<repo>/../shared/fixtures`. They are not copied into
 * the project; only the ISO 20022 XSDs may ship inside it.
 */
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function fixturesRoot(): string {
  return process.env.KONTOR_FIXTURES ?? path.resolve(repoRoot, '../shared/fixtures');
}

export function einvoiceSchemasDir(): string {
  return path.join(fixturesRoot(), 'einvoice-schemas');
}
