import { AsyncZipDeflate, Zip, ZipPassThrough } from 'fflate';

/** The most a zip without ZIP64 can hold: its sizes and offsets are 32-bit. */
export const ZIP32_MAX_BYTES = 2 ** 32 - 1;

/** The archive would pass its limit: the reader's and the writer's next step throw this. */
export class ZipTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the zip would be larger than ${maxBytes} bytes`);
    this.name = 'ZipTooLargeError';
  }
}

/**
 * A zip archive written entry after entry while it is read (issue 41: exports are streamed, never
 * built in memory). fflate is already the workbook writer's zip (xlsx-writer.ts); it has no
 * back-pressure of its own, so the entries wait here while more than `highWaterMark` bytes of the
 * archive are unread. Documents (PDF, images: compressed already) are stored, texts deflated in
 * worker threads. fflate writes no ZIP64: past `maxBytes` (at most 4 GiB − 1) the archive aborts
 * with ZipTooLargeError rather than write sizes and offsets that wrap around.
 */
export class ZipStream {
  private readonly zip: Zip;
  private readonly queue: Uint8Array[] = [];
  private queuedBytes = 0;
  private writtenBytes = 0;
  private isFinished = false;
  private failure: { error: unknown } | null = null;
  private wakeReader: (() => void) | null = null;
  private wakeWriter: (() => void) | null = null;
  private readonly highWaterMark: number;

  private readonly maxBytes: number;

  constructor(options: { highWaterMark?: number; maxBytes?: number } = {}) {
    this.highWaterMark = options.highWaterMark ?? 8 * 1024 * 1024;
    this.maxBytes = Math.min(options.maxBytes ?? ZIP32_MAX_BYTES, ZIP32_MAX_BYTES);
    this.zip = new Zip((error, data, isFinal) => {
      if (error) return this.abort(error);
      if (this.failure) return;
      this.writtenBytes += data.byteLength;
      // Checked before the bytes are handed on: a zip past the limit is never stored.
      if (this.writtenBytes > this.maxBytes) return this.abort(new ZipTooLargeError(this.maxBytes));
      if (data.byteLength > 0) {
        this.queue.push(data);
        this.queuedBytes += data.byteLength;
      }
      if (isFinal) this.isFinished = true;
      this.wake();
    });
  }

  /** Adds one entry and streams `source` into it; resolves once the archive has room for more. */
  async addEntry(name: string, source: Uint8Array | AsyncIterable<Uint8Array>, options: { compress: boolean }): Promise<void> {
    this.throwIfFailed();
    const entry = options.compress ? new AsyncZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(entry);
    if (source instanceof Uint8Array) {
      entry.push(source, true);
      return this.waitForRoom();
    }
    // One chunk held back, so that the last one can be pushed with the end flag.
    let held: Uint8Array | null = null;
    for await (const chunk of source) {
      if (held) {
        entry.push(held, false);
        await this.waitForRoom();
      }
      held = chunk;
    }
    entry.push(held ?? new Uint8Array(0), true);
    await this.waitForRoom();
  }

  /** No more entries: the central directory follows. */
  end(): void {
    this.zip.end();
  }

  /** Stops the archive: the reader's next read throws, a waiting writer too. */
  abort(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    this.zip.terminate();
    this.wake();
  }

  /** The archive's bytes as they are made. */
  async *read(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const chunk = this.queue.shift();
      if (chunk) {
        this.queuedBytes -= chunk.byteLength;
        if (this.queuedBytes <= this.highWaterMark) this.release('writer');
        yield chunk;
        continue;
      }
      if (this.failure) throw this.failure.error;
      if (this.isFinished) return;
      await new Promise<void>((resolve) => (this.wakeReader = resolve));
    }
  }

  private async waitForRoom(): Promise<void> {
    while (this.queuedBytes > this.highWaterMark && !this.failure) {
      await new Promise<void>((resolve) => (this.wakeWriter = resolve));
    }
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  private wake(): void {
    this.release('reader');
    if (this.failure) this.release('writer');
  }

  private release(which: 'reader' | 'writer'): void {
    const wake = which === 'reader' ? this.wakeReader : this.wakeWriter;
    if (which === 'reader') this.wakeReader = null;
    else this.wakeWriter = null;
    wake?.();
  }
}
