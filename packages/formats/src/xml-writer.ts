/** A minimal indented XML writer for fixed layouts (pain.001, CII, UBL): no DOM is needed. */

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export class XmlWriter {
  private readonly lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private depth = 0;

  open(name: string, attributes: Readonly<Record<string, string>> = {}): this {
    this.lines.push(`${this.indent()}<${name}${formatAttributes(attributes)}>`);
    this.depth += 1;
    return this;
  }

  close(name: string): this {
    this.depth -= 1;
    this.lines.push(`${this.indent()}</${name}>`);
    return this;
  }

  leaf(name: string, text: string, attributes: Readonly<Record<string, string>> = {}): this {
    this.lines.push(`${this.indent()}<${name}${formatAttributes(attributes)}>${escapeXml(text)}</${name}>`);
    return this;
  }

  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }

  private indent(): string {
    return '  '.repeat(this.depth);
  }
}

function formatAttributes(attributes: Readonly<Record<string, string>>): string {
  return Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
}
