import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { constants as fsConstants, createWriteStream, type ReadStream } from 'node:fs';
import { lstat, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { FileStorage, StoredObject } from './foundation-types';

/**
 * Object keys look like `org/<orgId>/logo/<uuid>.png`. The rules are strict enough for a file
 * system (the strictest backend), so the S3 store applies the same ones: a key that works
 * locally works everywhere and the other way round.
 */
const KEY_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const META_SUFFIX = '.meta.json';
const MAX_KEY_LENGTH = 512;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Throws unless `key` is a relative path of safe segments (no `..`, no absolute paths, no sidecar names). */
export function assertStorageKey(key: string): void {
  const segments = key.split('/');
  const isValid =
    key.length > 0 &&
    key.length <= MAX_KEY_LENGTH &&
    segments.every((segment) => KEY_SEGMENT.test(segment) && segment !== '..') &&
    !key.endsWith(META_SUFFIX);
  if (!isValid) throw new InvalidStorageKeyError(key);
}

/** Content types end up in a response header: refuse anything that could split or smuggle headers. */
export function assertContentType(contentType: string): void {
  if (!/^[\w.+-]+\/[\w.+-]+(?:\s*;\s*[\w.+-]+=(?:[\w.+-]+|"[^"\r\n]*"))*$/.test(contentType)) {
    throw new Error(`Invalid content type: ${JSON.stringify(contentType.slice(0, 100))}`);
  }
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName?: string): string {
  if (!fileName) return kind;
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const tokenPayloadSchema = z.object({
  /** key */
  k: z.string(),
  /** expiry, Unix seconds */
  e: z.number().int(),
  /** download name: present → attachment */
  d: z.string().optional(),
});

export type TokenRefusal = 'invalid' | 'expired';

export interface SignedFileGrant {
  key: string;
  expiresAt: Date;
  downloadName: string | undefined;
}

/**
 * Signed, self-contained file URLs: base64url(JSON{key, expiry, name}) + "." + HMAC-SHA256.
 * Nothing is stored, so any api process can verify a URL another one issued. The HMAC key is
 * derived from the session secret with a fixed label, so a file token can never be replayed
 * as another kind of signed value (cookies) made with the same secret.
 */
export class FileUrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('kontor:signed-file-url:v1').digest();
  }

  sign(grant: SignedFileGrant): string {
    const payload: z.infer<typeof tokenPayloadSchema> = { k: grant.key, e: Math.floor(grant.expiresAt.getTime() / 1000) };
    if (grant.downloadName) payload.d = grant.downloadName;
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${this.signature(encoded).toString('base64url')}`;
  }

  /**
   * The grant, or why there is none: `expired` only for a genuine token past its time (the page a
   * browser gets says so); a malformed, tampered or foreign one is `invalid`.
   */
  verify(token: string, now = new Date()): SignedFileGrant | TokenRefusal {
    const [encoded, signature, ...rest] = token.split('.');
    if (!encoded || !signature || rest.length > 0) return 'invalid';
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(encoded);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      return 'invalid';
    }
    const parsed = tokenPayloadSchema.safeParse(json);
    if (!parsed.success) return 'invalid';
    const expiresAt = new Date(parsed.data.e * 1000);
    if (expiresAt.getTime() <= now.getTime()) return 'expired';
    return { key: parsed.data.k, expiresAt, downloadName: parsed.data.d };
  }

  private signature(encoded: string): Buffer {
    return createHmac('sha256', this.key).update(encoded).digest();
  }
}

const metaSchema = z.object({ contentType: z.string(), size: z.number().int().nonnegative() });

export interface OpenedFile {
  stream: ReadStream;
  size: number;
  contentType: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Files in a local folder; the default without S3 configuration (one machine, or a shared volume). */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(
    root: string,
    private readonly publicUrl: string,
    private readonly signer: FileUrlSigner,
  ) {
    this.root = path.resolve(root);
  }

  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertContentType(contentType);
    await this.writeInPlace(key, contentType, async (temporary) => {
      await writeFile(temporary, body, { flag: 'wx' });
      return body.length;
    });
  }

  /** Like put, for a stream: written to a temporary name chunk by chunk, then renamed into place. */
  async putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<{ size: number }> {
    assertContentType(contentType);
    const size = await this.writeInPlace(key, contentType, async (temporary) => {
      let written = 0;
      async function* counted(): AsyncGenerator<Uint8Array> {
        for await (const chunk of body) {
          written += chunk.byteLength;
          yield chunk;
        }
      }
      await pipeline(Readable.from(counted()), createWriteStream(temporary, { flags: 'wx' }));
      return written;
    });
    return { size };
  }

  /**
   * `writeBody` writes the file to the temporary name it is given and answers its size; its
   * sidecar follows, then both are renamed into place: a reader sees the old file or the new one,
   * never a half-written one. The body is renamed last, so a visible body has its sidecar. On
   * any failure neither temporary file stays behind.
   */
  private async writeInPlace(
    key: string,
    contentType: string,
    writeBody: (temporary: string) => Promise<number>,
  ): Promise<number> {
    const file = this.pathFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    const suffix = `.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const size = await writeBody(`${file}${suffix}`);
      const meta = JSON.stringify({ contentType, size } satisfies z.infer<typeof metaSchema>);
      await writeFile(`${file}${META_SUFFIX}${suffix}`, meta, { flag: 'wx' });
      await rename(`${file}${META_SUFFIX}${suffix}`, `${file}${META_SUFFIX}`);
      await rename(`${file}${suffix}`, file);
      return size;
    } catch (error) {
      await rm(`${file}${META_SUFFIX}${suffix}`, { force: true });
      await rm(`${file}${suffix}`, { force: true });
      throw error;
    }
  }

  async getStream(key: string): Promise<{ stream: AsyncIterable<Uint8Array>; size: number } | null> {
    const opened = await this.open(key);
    return opened ? { stream: opened.stream, size: opened.size } : null;
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathFor(key);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return { body, contentType: await this.readContentType(file), size: body.length };
  }

  /** Streams a file (the signed-URL route), so large PDFs never sit in memory whole. */
  async open(key: string): Promise<OpenedFile | null> {
    const file = this.pathFor(key);
    let handle;
    try {
      // O_NOFOLLOW: a symlink planted inside the folder cannot expose files outside it.
      handle = await open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const contentType = await this.readContentType(file);
      return { stream: handle.createReadStream(), size: stat.size, contentType };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      // lstat: a symlink planted inside the folder is no file of ours (open() refuses it too).
      const found = await lstat(this.pathFor(key));
      return found.isFile() ? { size: found.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    await rm(file, { force: true });
    await rm(`${file}${META_SUFFIX}`, { force: true });
  }

  async signedUrl(
    key: string,
    ttlSeconds: number,
    options?: { downloadName?: string },
  ): Promise<{ url: string; expiresAt: Date }> {
    assertStorageKey(key);
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds))) * 1000);
    const token = this.signer.sign({ key, expiresAt, downloadName: options?.downloadName });
    return { url: `${this.publicUrl}/files/${token}`, expiresAt };
  }

  verifyToken(token: string, now?: Date): SignedFileGrant | TokenRefusal {
    const grant = this.signer.verify(token, now);
    if (typeof grant === 'string') return grant;
    try {
      assertStorageKey(grant.key);
    } catch {
      return 'invalid';
    }
    return grant;
  }

  /** The absolute path of a key; refuses keys that would leave the root folder. */
  private pathFor(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, ...key.split('/'));
    // Belt and braces: the key rules already exclude this, the check keeps it true if they change.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  private async readContentType(file: string): Promise<string> {
    try {
      const parsed = metaSchema.safeParse(JSON.parse(await readFile(`${file}${META_SUFFIX}`, 'utf8')));
      if (parsed.success) return parsed.data.contentType;
    } catch (error) {
      if (!isMissing(error) && !(error instanceof SyntaxError)) throw error;
    }
    return 'application/octet-stream';
  }
}
