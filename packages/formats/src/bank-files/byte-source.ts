import type { ReadOptions } from './read-items';

/**
 * What the readers consume: any async iterable of byte or text chunks. A Node `Readable`, a
 * web `ReadableStream` (async iterable in Node 20) and an async generator all fit without an
 * adapter, so the codec stays free of Node stream types and the server can pass the upload
 * stream directly.
 */
export type ByteSource = AsyncIterable<Uint8Array | string>;

/** A whole document in memory as a source (tests, small uploads). */
export async function* stringSource(text: string, chunkSize = 64 * 1024): ByteSource {
  for (let start = 0; start < text.length; start += chunkSize) yield text.slice(start, start + chunkSize);
}

const SINGLE_BYTE_ENCODINGS = /encoding\s*=\s*["'](iso-8859-1|iso-8859-15|latin-?1|windows-1252|cp1252)["']/i;
const utf8Length = new TextEncoder();

/**
 * Decodes chunks to text and reports progress after each. The encoding comes from the XML
 * declaration: some banks still send ISO-8859-1, everything else is read as UTF-8.
 */
export async function* textChunks(source: ByteSource, options: ReadOptions): AsyncGenerator<string> {
  let decoder: InstanceType<typeof TextDecoder> | null = null;
  let bytesRead = 0;
  const totalBytes = options.totalBytes ?? null;
  for await (const chunk of source) {
    let text: string;
    if (typeof chunk === 'string') {
      bytesRead += utf8Length.encode(chunk).length;
      text = chunk;
    } else {
      if (!decoder) {
        const head = new TextDecoder('latin1').decode(chunk.subarray(0, 200));
        decoder = new TextDecoder(SINGLE_BYTE_ENCODINGS.test(head) ? 'windows-1252' : 'utf-8');
      }
      bytesRead += chunk.byteLength;
      text = decoder.decode(chunk, { stream: true });
    }
    yield text;
    options.onProgress?.({ bytesRead, totalBytes });
  }
  const rest = decoder?.decode() ?? '';
  if (rest) yield rest;
}
