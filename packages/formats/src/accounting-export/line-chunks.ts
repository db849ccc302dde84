/**
 * Streaming for the line-based writers: lines are encoded one by one and handed out a few hundred
 * at a time, so a 100,000-booking file is never held whole and the consumer (a zip, object
 * storage) sees steady chunks.
 */
export type RecordSource<T> = AsyncIterable<T> | Iterable<T>;

export const LINES_PER_CHUNK = 500;

export async function* chunkLines<T>(
  source: RecordSource<T>,
  encodeLine: (record: T, index: number) => Buffer,
  linesPerChunk: number = LINES_PER_CHUNK,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let index = 0;
  for await (const record of source) {
    pending.push(encodeLine(record, index));
    index += 1;
    if (pending.length >= linesPerChunk) {
      yield Buffer.concat(pending);
      pending = [];
    }
  }
  if (pending.length > 0) yield Buffer.concat(pending);
}
