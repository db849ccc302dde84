/**
 * Text for XML content and attributes. Besides escaping, characters XML 1.0 forbids (most control
 * characters, lone surrogates) are dropped: one in an invoice text would make the whole file
 * unreadable for the receiving tool.
 */
const NOT_XML_CHARACTER =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXmlText(text: string): string {
  return text
    .replace(NOT_XML_CHARACTER, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
