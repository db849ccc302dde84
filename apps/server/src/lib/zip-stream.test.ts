import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZIP32_MAX_BYTES, ZipStream, ZipTooLargeError } from './zip-stream';

async function readAll(zip: ZipStream): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of zip.read()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('ZipStream size limit (issue 58: no ZIP64)', () => {
  it('writes an archive within the limit', async () => {
    const zip = new ZipStream({ maxBytes: 4096 });
    const reading = readAll(zip);
    await zip.addEntry('a.bin', randomBytes(1000), { compress: false });
    zip.end();
    const bytes = await reading;
    expect(bytes.length).toBeLessThanOrEqual(4096);
    expect(unzipSync(new Uint8Array(bytes))['a.bin']).toHaveLength(1000);
  });

  it('aborts with ZipTooLargeError before handing on bytes past the limit', async () => {
    const zip = new ZipStream({ maxBytes: 4096 });
    let handedOn = 0;
    const reading = (async () => {
      for await (const chunk of zip.read()) handedOn += chunk.byteLength;
    })();
    const writing = (async () => {
      await zip.addEntry('first.bin', randomBytes(2000), { compress: false });
      // Streamed in chunks, as documents are: the limit is met in the middle of the entry.
      await zip.addEntry(
        'second.bin',
        (async function* () {
          for (let i = 0; i < 10; i += 1) yield randomBytes(1000);
        })(),
        { compress: false },
      );
      zip.end();
    })();
    await expect(writing).rejects.toBeInstanceOf(ZipTooLargeError);
    await expect(reading).rejects.toBeInstanceOf(ZipTooLargeError);
    expect(handedOn).toBeLessThanOrEqual(4096);
  });

  it('never allows more than a zip without ZIP64 can address', () => {
    expect(ZIP32_MAX_BYTES).toBe(4_294_967_295);
    expect(() => new ZipStream({ maxBytes: 8 * 1024 ** 3 })).not.toThrow();
  });
});
