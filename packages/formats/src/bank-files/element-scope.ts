/**
 * The values of one element subtree (a statement entry, a payment), keyed by the path
 * relative to it ("Amt", "RltdPties/Cdtr/Nm"). Only the subtree of the element being read is
 * held, never the document, which keeps memory flat for files of any size.
 */
export class ElementScope {
  readonly values = new Map<string, string[]>();
  readonly attributes = new Map<string, Record<string, string>>();
  /** Set when the XML inside this element was not well-formed. */
  damaged: string | null = null;

  constructor(
    readonly name: string,
    readonly depth: number,
    readonly line: number,
  ) {}

  add(path: string, text: string): void {
    const list = this.values.get(path);
    if (list) list.push(text);
    else this.values.set(path, [text]);
  }

  /** First non-empty value among the paths, in the order given. */
  first(...paths: string[]): string | null {
    for (const path of paths) {
      const value = this.values.get(path)?.find((text) => text !== '');
      if (value !== undefined) return value;
    }
    return null;
  }

  all(path: string): string[] {
    return (this.values.get(path) ?? []).filter((text) => text !== '');
  }

  attribute(path: string, name: string): string | null {
    return this.attributes.get(path)?.[name]?.trim() ?? null;
  }
}
