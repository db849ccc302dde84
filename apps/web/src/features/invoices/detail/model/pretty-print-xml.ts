/**
 * Indents an XML document for reading in the document pane. Display only: it never resolves
 * entities or builds a tree, so any text (even malformed XML) comes out whole, one tag a line,
 * with elements that hold only text kept on one line. A browser's DOMParser would need the
 * document to be well-formed and a DOM in tests; for indentation a tokenizer is enough.
 */
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/?[^>]+>|[^<]+|</g;

type Token = { kind: 'open' | 'close' | 'self' | 'other' | 'text'; value: string };

function classify(value: string): Token {
  if (!value.startsWith('<') || value === '<') return { kind: 'text', value };
  if (value.startsWith('</')) return { kind: 'close', value };
  if (value.startsWith('<!') || value.startsWith('<?')) return { kind: 'other', value };
  if (value.endsWith('/>')) return { kind: 'self', value };
  return { kind: 'open', value };
}

export function prettyPrintXml(xml: string, indent = '  '): string {
  const tokens = (xml.match(TOKEN) ?? []).map(classify).filter((token) => token.kind !== 'text' || token.value.trim() !== '');
  const lines: string[] = [];
  let depth = 0;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    const pad = indent.repeat(depth);
    if (token.kind === 'open') {
      const next = tokens[index + 1];
      const afterNext = tokens[index + 2];
      if (next?.kind === 'close') {
        lines.push(`${pad}${token.value}${next.value}`);
        index += 1;
      } else if (next?.kind === 'text' && afterNext?.kind === 'close') {
        lines.push(`${pad}${token.value}${next.value.trim()}${afterNext.value}`);
        index += 2;
      } else {
        lines.push(`${pad}${token.value}`);
        depth += 1;
      }
    } else if (token.kind === 'close') {
      depth = Math.max(0, depth - 1);
      lines.push(`${indent.repeat(depth)}${token.value}`);
    } else {
      lines.push(`${pad}${token.kind === 'text' ? token.value.trim() : token.value}`);
    }
  }
  return lines.join('\n');
}
