/**
 * DATEV "XML-Schnittstelle online" document.xml (schema Document_v060.xsd): the list of documents
 * in an upload, each under the GUID a booking's Beleglink (`BEDI "<guid>"`) names. processID 1
 * marks accounting documents (Belege); the document type is left to DATEV.
 */
import { localTimeParts } from '../iso-date';
import { escapeXmlText } from '../xml-text';

export const DATEV_DOCUMENT_NAMESPACE = 'http://xml.datev.de/bedi/tps/document/v06.0';

export interface DatevDocument {
  guid: string;
  fileName: string;
  description?: string;
}

/** xs:dateTime without offset, local time in Germany/Austria, as DATEV's samples write it. */
function localDateTime(moment: Date): string {
  const time = localTimeParts(moment);
  return `${time.year}-${time.month}-${time.day}T${time.hour}:${time.minute}:${time.second}`;
}

export function datevDocumentXml(
  documents: readonly DatevDocument[],
  options: { createdAt: Date; generatingSystem?: string },
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<archive xmlns="${DATEV_DOCUMENT_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
      ` xsi:schemaLocation="${DATEV_DOCUMENT_NAMESPACE} Document_v060.xsd" version="6.0"` +
      ` generatingSystem="${escapeXmlText(options.generatingSystem ?? 'Kontor')}">`,
    '  <header>',
    `    <date>${localDateTime(options.createdAt)}</date>`,
    '  </header>',
    '  <content>',
  ];
  for (const document of documents) {
    lines.push(`    <document guid="${escapeXmlText(document.guid)}" processID="1">`);
    if (document.description) lines.push(`      <description>${escapeXmlText(document.description)}</description>`);
    lines.push(`      <extension xsi:type="File" name="${escapeXmlText(document.fileName)}"/>`);
    lines.push('    </document>');
  }
  lines.push('  </content>', '</archive>', '');
  return lines.join('\n');
}
