import { BankFileError } from './bank-file-error';

/**
 * Finds message and version in the root namespace. Matched anywhere in the URI because
 * banks use their own namespaces around the ISO name (e.g. the Austrian
 * "ISO:camt.053.001.02:APC:STUZZA:payments:003", the Swiss ".../pain.001.001.03.ch.02.xsd").
 */
export function detectVersion(namespace: string, message: 'camt.053' | 'pain.001', supported: ReadonlySet<string>): string {
  const match = /(camt|pain)\.(\d{3})\.(\d{3}\.\d{2})/.exec(namespace);
  if (!match) throw new BankFileError('unknown_namespace', `unknown namespace "${namespace}", expected ${message}`);
  const found = `${match[1]}.${match[2]}`;
  const version = match[3] ?? '';
  if (found !== message) throw new BankFileError('unexpected_message', `this is ${found}, expected ${message}`);
  if (!supported.has(version)) {
    throw new BankFileError('unsupported_version', `${message}.${version} is not supported (namespace "${namespace}")`);
  }
  return version;
}
