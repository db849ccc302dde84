import { SaxesParser, type SaxesTagNS } from 'saxes';
import { BankFileError } from './bank-file-error';
import { textChunks, type ByteSource } from './byte-source';
import { createMarkupRepair } from './markup-repair';
import type { ReadOptions } from './read-items';

/** What a reader does with the SAX events; it emits items through the callback it was given. */
export interface XmlHandler {
  /** Called for the root element; throws a BankFileError when this is not the expected message. */
  root(local: string, namespace: string): void;
  open(path: readonly string[], attributes: Record<string, string>, line: number): void;
  /** `text` is the trimmed text directly inside the element (leaf values). */
  close(path: readonly string[], text: string): void;
  /** A well-formedness error after the root: reported, and parsing goes on. */
  xmlError(message: string, line: number): void;
  /** Stray "<", "&" or control characters were repaired in the text read up to `line`. */
  repaired(count: number, line: number): void;
  end(): void;
}

/** Leaf values longer than this are cut: no ISO 20022 text field comes close, garbage might. */
const MAX_TEXT = 10_000;
const UNMATCHED_CLOSE = /unmatched closing tag: (.+)\.$/;

/**
 * Drives saxes over the source, chunk by chunk, and yields what the handler emitted for each
 * chunk before reading the next one, so items stream out while the file streams in.
 *
 * The element path is kept here rather than taken from saxes, because saxes answers a closing
 * tag it cannot match (a typo such as `</CdtDbtIn>`) by closing every open element, which
 * would lose the rest of the file. Such a tag is ignored instead: its scope is reported as
 * damaged and the following elements are still read in place.
 */
export async function* streamXml<T>(
  source: ByteSource,
  options: ReadOptions,
  createHandler: (emit: (item: T) => void) => XmlHandler,
): AsyncGenerator<T> {
  const queue: T[] = [];
  const handler = createHandler((item) => queue.push(item));
  const parser = new SaxesParser({ xmlns: true, position: true });
  const repair = createMarkupRepair();
  const path: string[] = [];
  let text = '';
  let rootSeen = false;
  let fatal: unknown = null;
  let seenContent = false;
  /** Closing tags saxes reported within one of its closing runs, applied once the run is known good. */
  let pendingCloses = 0;
  let closeRunContinues = false;

  const closeTop = (): void => {
    handler.close(path, text.trim().slice(0, MAX_TEXT));
    path.pop();
    text = '';
  };
  const applyPendingCloses = (): void => {
    for (; pendingCloses > 0 && path.length > 0; pendingCloses -= 1) closeTop();
    pendingCloses = 0;
  };

  /** After a bogus closing run saxes believes the root is closed; its follow-up complaints are noise. */
  let saxesLostRoot = false;

  parser.on('error', (error) => {
    if (!rootSeen) {
      fatal ??= new BankFileError('not_xml', `not an XML document: ${error.message}`);
      return;
    }
    const message = error.message;
    if (message.endsWith('unexpected close tag.')) {
      closeRunContinues = true;
      return;
    }
    const unmatched = UNMATCHED_CLOSE.exec(message);
    if (unmatched) {
      if (closeRunContinues) {
        // saxes closed everything looking for this tag: none of those closes were real.
        pendingCloses = 0;
        closeRunContinues = false;
        saxesLostRoot = true;
      } else {
        applyPendingCloses();
      }
      handler.xmlError(message, parser.line);
      // Our path may still hold the element saxes forgot about: close down to it.
      const depth = path.lastIndexOf(unmatched[1] ?? '');
      if (depth >= 0) while (path.length > depth) closeTop();
      return;
    }
    if (saxesLostRoot && /(only one root|outside of root node)\.$/.test(message)) return;
    applyPendingCloses();
    handler.xmlError(message, parser.line);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (fatal) return;
    applyPendingCloses();
    if (!rootSeen) {
      rootSeen = true;
      try {
        handler.root(tag.local, tag.uri);
      } catch (error) {
        fatal = error;
        return;
      }
    }
    path.push(tag.local);
    text = '';
    const attributes: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) attributes[attribute.local] = attribute.value;
    handler.open(path, attributes, parser.line);
  });
  parser.on('text', (chunk) => {
    applyPendingCloses();
    if (text.length < MAX_TEXT) text += chunk;
  });
  parser.on('closetag', () => {
    if (fatal) return;
    if (!closeRunContinues) applyPendingCloses();
    closeRunContinues = false;
    pendingCloses += 1;
  });

  const write = (repairText: () => string): void => {
    const before = repair.repairs;
    parser.write(repairText());
    if (repair.repairs > before && rootSeen) handler.repaired(repair.repairs - before, parser.line);
  };

  for await (const chunk of textChunks(source, options)) {
    if (!seenContent) {
      const start = chunk.replace(/^\uFEFF/, '').trimStart();
      if (start === '') continue;
      seenContent = true;
      if (!start.startsWith('<')) throw new BankFileError('not_xml', 'not an XML document: it does not start with "<"');
    }
    write(() => repair.push(chunk));
    if (fatal) throw fatal;
    yield* queue.splice(0);
  }
  write(() => repair.flush());
  parser.close();
  if (fatal) throw fatal;
  if (!rootSeen) throw new BankFileError('not_xml', 'not an XML document: no root element');
  applyPendingCloses();
  // A truncated file: close what is still open so the last statement or payment is reported.
  while (path.length > 0) closeTop();
  handler.end();
  yield* queue.splice(0);
}
