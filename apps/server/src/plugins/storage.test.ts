import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { accessPlugin } from './access';
import { errorsPlugin } from './errors';
import { FileUrlSigner, InvalidStorageKeyError, LocalFileStorage } from './storage-local';
import { S3FileStorage, s3BrowserOrigins, type S3StorageConfig } from './storage-s3';
import { storagePlugin } from './storage';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const ORG = '0b7c3f5e-2a1d-4c8e-9f00-123456789abc';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('local file storage', () => {
  let dataDir: string;
  let config: Config;
  let app: FastifyInstance;
  let storage: LocalFileStorage;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'kontor-storage-'));
    config = loadConfig({
      NODE_ENV: 'test',
      KONTOR_DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      PUBLIC_URL: 'http://localhost:3000',
    });
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('config', config);
    app.decorateRequest('locale', 'en'); // the session plugin's job in the real app
    await app.register(errorsPlugin);
    await app.register(accessPlugin);
    await app.register(storagePlugin);
    await app.ready();
    expect(app.storage).toBeInstanceOf(LocalFileStorage);
    storage = app.storage as LocalFileStorage;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname });

  it('puts, gets and deletes a file with its content type, leaving no temporary files', async () => {
    const key = `org/${ORG}/logo/5d1c.png`;
    await storage.put(key, Buffer.from('png bytes'), 'image/png');
    expect(await storage.get(key)).toEqual({ body: Buffer.from('png bytes'), contentType: 'image/png', size: 9 });

    await storage.put(key, Buffer.from('replaced'), 'image/webp');
    expect(await storage.get(key)).toMatchObject({ body: Buffer.from('replaced'), contentType: 'image/webp' });
    expect(listFiles(config.storage.kind === 'local' ? config.storage.dir : '').sort()).toEqual([
      path.join('org', ORG, 'logo', '5d1c.png'),
      path.join('org', ORG, 'logo', '5d1c.png.meta.json'),
    ]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined(); // idempotent
  });

  it('answers null for a missing file', async () => {
    expect(await storage.get(`org/${ORG}/nothing-here.pdf`)).toBeNull();
  });

  it('stores a stream in place and streams it back; a broken stream leaves no file behind', async () => {
    const dir = config.storage.kind === 'local' ? config.storage.dir : '';
    const key = `org/${ORG}/bank-files/s1.xml`;
    const input = patternBytes(3 * MIB + 5);
    expect(await storage.putStream(key, chunksOf(input, 64 * 1024), 'application/xml')).toEqual({ size: 3 * MIB + 5 });
    const found = await storage.getStream(key);
    expect(found?.size).toBe(3 * MIB + 5);
    expect((await collect(found!.stream)).equals(input)).toBe(true);
    expect(await storage.get(key)).toMatchObject({ contentType: 'application/xml', size: 3 * MIB + 5 });

    const broken = `org/${ORG}/bank-files/s2.xml`;
    await expect(storage.putStream(broken, chunksOf(input, 64 * 1024, MIB), 'application/xml')).rejects.toThrow('broke');
    expect(await storage.getStream(broken)).toBeNull();
    expect(
      listFiles(dir)
        .filter((file) => file.includes('bank-files'))
        .sort(),
    ).toEqual([path.join('org', ORG, 'bank-files', 's1.xml'), path.join('org', ORG, 'bank-files', 's1.xml.meta.json')]);
    await storage.delete(key);
  });

  it('refuses keys that could leave the folder or hit a sidecar', async () => {
    const bad = [
      '../escape.txt',
      'org/../../escape',
      '/etc/passwd',
      'org//double',
      'org\\win',
      '',
      'a/.hidden',
      'a/b.meta.json',
      'a/b\0c',
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.signedUrl(key, 60), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('refuses content types that could inject headers', async () => {
    await expect(storage.put('org/x.txt', Buffer.from('x'), 'text/plain\r\nSet-Cookie: a=b')).rejects.toThrow(/content type/);
  });

  it('serves a signed URL with its content type, caching and disposition', async () => {
    const key = `org/${ORG}/invoices/a1.pdf`;
    await storage.put(key, Buffer.from('%PDF-1.7 test'), 'application/pdf');
    const { url, expiresAt } = await storage.signedUrl(key, 600);
    expect(url.startsWith('http://localhost:3000/files/')).toBe(true);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 590_000);

    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('%PDF-1.7 test');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('inline');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(590);
    expect(maxAge).toBeLessThanOrEqual(600);
  });

  it('sends an attachment with the download name, in ASCII and UTF-8', async () => {
    const key = `org/${ORG}/exports/e1.csv`;
    await storage.put(key, Buffer.from('a;b\n'), 'text/csv; charset=utf-8');
    const { url } = await storage.signedUrl(key, 60, { downloadName: 'Buchungen März "2025".csv' });
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Buchungen M_rz _2025_.csv"; filename*=UTF-8''Buchungen%20M%C3%A4rz%20%222025%22.csv`,
    );
  });

  it('never renders active content inline', async () => {
    const key = `org/${ORG}/uploads/evil.html`;
    await storage.put(key, Buffer.from('<script>alert(1)</script>'), 'text/html');
    const response = await get((await storage.signedUrl(key, 60)).url);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="evil.html"; filename*=UTF-8''evil.html`);
  });

  it('refuses a tampered signature or payload', async () => {
    const key = `org/${ORG}/invoices/b2.pdf`;
    await storage.put(key, Buffer.from('secret'), 'application/pdf');
    const { url } = await storage.signedUrl(key, 600);
    const token = url.slice(url.lastIndexOf('/') + 1);
    const [payload, signature] = token.split('.') as [string, string];

    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const otherPayload = Buffer.from(JSON.stringify({ k: `org/${ORG}/invoices/a1.pdf`, e: 4102444800 })).toString('base64url');
    for (const forged of [`${payload}.${flipped}`, `${otherPayload}.${signature}`, payload, `${token}.x`, 'garbage']) {
      const response = await app.inject({ method: 'GET', url: `/files/${forged}` });
      expect(response.statusCode, forged).toBe(403);
      expect(response.json()).toMatchObject({ code: 'signed_url_invalid' });
    }
    // A token signed with another secret is as good as a forged one.
    const foreign = new FileUrlSigner('another-secret-another-secret-another-1').sign({
      key,
      expiresAt: new Date(Date.now() + 60_000),
      downloadName: undefined,
    });
    expect((await app.inject({ method: 'GET', url: `/files/${foreign}` })).statusCode).toBe(403);
  });

  it('refuses an expired URL', async () => {
    const key = `org/${ORG}/invoices/c3.pdf`;
    await storage.put(key, Buffer.from('old'), 'application/pdf');
    const signer = new FileUrlSigner(SECRET);
    const expired = signer.sign({ key, expiresAt: new Date(Date.now() - 1000), downloadName: undefined });
    const response = await app.inject({ method: 'GET', url: `/files/${expired}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'signed_url_invalid' });

    const { url } = await storage.signedUrl(key, 60);
    const token = url.slice(url.lastIndexOf('/') + 1);
    expect(storage.verifyToken(token)).toMatchObject({ key });
    expect(storage.verifyToken(token, new Date(Date.now() + 61_000))).toBe('expired');
  });

  it('answers 404 for a valid URL whose file is gone', async () => {
    const key = `org/${ORG}/invoices/d4.pdf`;
    await storage.put(key, Buffer.from('x'), 'application/pdf');
    const { url } = await storage.signedUrl(key, 60);
    await storage.delete(key);
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'file_not_found' });
  });
});

describe('S3 file storage (no network: presigning is local)', () => {
  const minio: S3StorageConfig = {
    kind: 's3',
    endpoint: 'http://minio.test:9000',
    region: 'us-east-1',
    bucket: 'kontor-files',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'example-secret-key',
    forcePathStyle: true,
  };

  it('builds path-style presigned URLs for MinIO with the disposition baked in', async () => {
    const storage = new S3FileStorage(minio);
    const { url, expiresAt } = await storage.signedUrl(`org/${ORG}/invoices/a.pdf`, 900, { downloadName: 'Rechnung 1.pdf' });
    const parsed = new URL(url);
    expect(parsed.origin).toBe('http://minio.test:9000');
    expect(parsed.pathname).toBe(`/kontor-files/org/${ORG}/invoices/a.pdf`);
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(parsed.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(parsed.searchParams.get('X-Amz-Credential')).toMatch(/^AKIAEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(parsed.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Rechnung 1.pdf"; filename*=UTF-8''Rechnung%201.pdf`,
    );
    expect(parsed.searchParams.get('response-cache-control')).toBe('private, max-age=900');
    expect(Math.abs(expiresAt.getTime() - Date.now() - 900_000)).toBeLessThan(5_000);
  });

  it('builds virtual-hosted URLs on AWS and caps the lifetime at seven days', async () => {
    const aws: S3StorageConfig = { ...minio, endpoint: undefined, region: 'eu-central-1', forcePathStyle: false };
    const { url } = await new S3FileStorage(aws).signedUrl('org/x/logo.png', 30 * 24 * 3600);
    const parsed = new URL(url);
    expect(parsed.host).toBe('kontor-files.s3.eu-central-1.amazonaws.com');
    expect(parsed.pathname).toBe('/org/x/logo.png');
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600));
    expect(parsed.searchParams.get('response-content-disposition')).toBe('inline');
  });

  it('refuses invalid keys before talking to S3', async () => {
    const storage = new S3FileStorage(minio);
    await expect(storage.signedUrl('../x', 60)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.put('a/../b', Buffer.from(''), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('names the origins browsers load files from (for the CSP)', () => {
    expect(s3BrowserOrigins(minio)).toEqual(['http://minio.test:9000']);
    expect(s3BrowserOrigins({ ...minio, forcePathStyle: false })).toEqual(['http://kontor-files.minio.test:9000']);
    expect(s3BrowserOrigins({ ...minio, endpoint: undefined })).toContain('https://kontor-files.s3.us-east-1.amazonaws.com');
  });
});

/** One request the fake S3 received, with the operation its method and query name. */
interface S3Request {
  operation:
    'PutObject' | 'GetObject' | 'CreateMultipartUpload' | 'UploadPart' | 'CompleteMultipartUpload' | 'AbortMultipartUpload';
  key: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The parts a CompleteMultipartUpload body lists (its XML escapes the ETags' quotes). */
function partsListedIn(body: Buffer): { etag: string; partNumber: number }[] {
  return [...body.toString('utf8').matchAll(/<Part>(.*?)<\/Part>/g)].map(([, part]) => ({
    etag: (/<ETag>(.*?)<\/ETag>/.exec(part!)?.[1] ?? '').replaceAll('&quot;', '"'),
    partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part!)?.[1]),
  }));
}

function operationOf(method: string, query: URLSearchParams): S3Request['operation'] {
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload';
  if (method === 'PUT' && query.has('uploadId')) return 'UploadPart';
  if (method === 'POST' && query.has('uploadId')) return 'CompleteMultipartUpload';
  if (method === 'DELETE' && query.has('uploadId')) return 'AbortMultipartUpload';
  if (method === 'PUT') return 'PutObject';
  if (method === 'GET') return 'GetObject';
  throw new Error(`unexpected ${method} ?${query.toString()}`);
}

const xml = (body: string) => ({ status: 200, headers: { 'content-type': 'application/xml' }, body });
const s3Error = (status: number, code: string) => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message><RequestId>r1</RequestId></Error>`,
});

/**
 * An S3 stand-in on 127.0.0.1 for the real SDK (path-style): it records every request and keeps
 * objects in memory, completed multipart uploads as the concatenation of their parts.
 * `failPart` makes UploadPart of that part number answer 403 AccessDenied (not retried by the SDK).
 */
async function startFakeS3(bucket: string) {
  const requests: S3Request[] = [];
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const state = { failPart: null as number | null };

  const answer = (request: S3Request): { status: number; headers?: Record<string, string>; body?: string | Buffer } => {
    const uploadId = request.query.get('uploadId') ?? '';
    switch (request.operation) {
      case 'PutObject': {
        objects.set(request.key, { body: request.body, contentType: String(request.headers['content-type']) });
        return { status: 200, headers: { etag: '"single"' } };
      }
      case 'GetObject': {
        const object = objects.get(request.key);
        if (!object) return s3Error(404, 'NoSuchKey');
        return { status: 200, headers: { 'content-type': object.contentType }, body: object.body };
      }
      case 'CreateMultipartUpload': {
        const id = `upload-${uploads.size + 1}`;
        uploads.set(id, { key: request.key, contentType: String(request.headers['content-type']), parts: new Map() });
        return xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${request.key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      case 'UploadPart': {
        const partNumber = Number(request.query.get('partNumber'));
        if (partNumber === state.failPart) return s3Error(403, 'AccessDenied');
        uploads.get(uploadId)!.parts.set(partNumber, request.body);
        return { status: 200, headers: { etag: `"etag-${partNumber}"` } };
      }
      case 'CompleteMultipartUpload': {
        const upload = uploads.get(uploadId)!;
        // S3 assembles the parts the request lists, in its order.
        const listed = partsListedIn(request.body).map((part) => upload.parts.get(part.partNumber)!);
        objects.set(upload.key, { body: Buffer.concat(listed), contentType: upload.contentType });
        uploads.delete(uploadId);
        return xml(
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${request.key}</Key><ETag>"whole"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      case 'AbortMultipartUpload': {
        uploads.delete(uploadId);
        return { status: 204 };
      }
    }
  };

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const prefix = `/${bucket}/`;
      if (!url.pathname.startsWith(prefix)) {
        outgoing.writeHead(400).end();
        return;
      }
      const request: S3Request = {
        operation: operationOf(incoming.method ?? '', url.searchParams),
        key: decodeURIComponent(url.pathname.slice(prefix.length)),
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(request);
      const reply = answer(request);
      const body = reply.body === undefined ? Buffer.alloc(0) : Buffer.from(reply.body);
      outgoing.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    objects,
    uploads,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const MIB = 1024 * 1024;

/** `total` bytes of a recognisable pattern: each 4-byte word holds its offset, so no two parts are alike. */
function patternBytes(total: number): Buffer {
  const bytes = Buffer.alloc(total);
  for (let index = 0; index + 4 <= total; index += 4) bytes.writeUInt32BE(index, index);
  return bytes;
}

/** The bytes in chunks of `chunkBytes` (copies, as a socket would give them); throws at `failAfter` bytes. */
async function* chunksOf(bytes: Buffer, chunkBytes: number, failAfter?: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += chunkBytes) {
    if (failAfter !== undefined && start >= failAfter) throw new Error('the upload stream broke');
    yield new Uint8Array(bytes.subarray(start, start + chunkBytes));
  }
}

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('S3 file storage streams through the AWS SDK (fake S3 on 127.0.0.1)', () => {
  const bucket = 'kontor-files';
  const key = `org/${ORG}/bank-files/statement.xml`;
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let storage: S3FileStorage;

  beforeEach(async () => {
    fake = await startFakeS3(bucket);
    storage = new S3FileStorage({
      kind: 's3',
      endpoint: fake.endpoint,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'example-secret-key',
      forcePathStyle: true,
    });
  });
  afterEach(async () => {
    await fake.close();
  });

  const operations = () => fake.requests.map((request) => request.operation);

  it('stores a small stream with one signed PutObject of its bytes', async () => {
    const result = await storage.putStream(key, chunksOf(Buffer.from('<Document>klein</Document>'), 5), 'application/xml');

    expect(result).toEqual({ size: 26 });
    expect(operations()).toEqual(['PutObject']);
    const [put] = fake.requests;
    expect(put!.key).toBe(key);
    expect(put!.body.toString('utf8')).toBe('<Document>klein</Document>');
    expect(put!.headers['content-type']).toBe('application/xml');
    expect(put!.headers['content-length']).toBe('26');
    expect(put!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\//);
  });

  it('uploads a 20 MiB stream in parts of 8, 8 and 4 MiB and completes with their ETags', async () => {
    const input = patternBytes(20 * MIB);
    // 3 MiB chunks do not divide 8 MiB: the parts must still be cut at exactly 8 MiB.
    const result = await storage.putStream(key, chunksOf(input, 3 * MIB), 'application/xml');

    expect(result).toEqual({ size: 20 * MIB });
    expect(operations()).toEqual(['CreateMultipartUpload', 'UploadPart', 'UploadPart', 'UploadPart', 'CompleteMultipartUpload']);
    const [create, ...rest] = fake.requests;
    expect(create!.headers['content-type']).toBe('application/xml');
    const parts = rest.filter((request) => request.operation === 'UploadPart');
    expect(parts.map((part) => part.query.get('partNumber'))).toEqual(['1', '2', '3']);
    expect(parts.map((part) => part.query.get('uploadId'))).toEqual(['upload-1', 'upload-1', 'upload-1']);
    expect(parts.map((part) => part.body.length)).toEqual([8 * MIB, 8 * MIB, 4 * MIB]);
    expect(Buffer.concat(parts.map((part) => part.body)).equals(input)).toBe(true);

    const complete = fake.requests.at(-1)!;
    expect(complete.query.get('uploadId')).toBe('upload-1');
    expect(partsListedIn(complete.body)).toEqual([
      { etag: '"etag-1"', partNumber: 1 },
      { etag: '"etag-2"', partNumber: 2 },
      { etag: '"etag-3"', partNumber: 3 },
    ]);
    expect(fake.objects.get(key)!.body.equals(input)).toBe(true);
  });

  it('aborts the multipart upload and throws when S3 refuses a part', async () => {
    fake.state.failPart = 2;

    await expect(storage.putStream(key, chunksOf(patternBytes(20 * MIB), MIB), 'application/xml')).rejects.toMatchObject({
      name: 'AccessDenied',
    });
    expect(operations()).toEqual(['CreateMultipartUpload', 'UploadPart', 'UploadPart', 'AbortMultipartUpload']);
    expect(fake.requests.at(-1)!.query.get('uploadId')).toBe('upload-1');
    expect(fake.uploads.size).toBe(0);
    expect(fake.objects.has(key)).toBe(false);
  });

  it('aborts the multipart upload when the source stream breaks after a part', async () => {
    await expect(storage.putStream(key, chunksOf(patternBytes(20 * MIB), MIB, 10 * MIB), 'application/xml')).rejects.toThrow(
      'the upload stream broke',
    );
    expect(operations()).toEqual(['CreateMultipartUpload', 'UploadPart', 'AbortMultipartUpload']);
    expect(fake.objects.has(key)).toBe(false);
  });

  it('streams a stored object back with its size, and answers null for a missing one (NoSuchKey)', async () => {
    const input = patternBytes(20 * MIB);
    await storage.putStream(key, chunksOf(input, 2 * MIB), 'application/xml');

    const found = await storage.getStream(key);
    expect(found?.size).toBe(20 * MIB);
    let chunkCount = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of found!.stream) {
      chunkCount += 1;
      chunks.push(Buffer.from(chunk));
    }
    expect(Buffer.concat(chunks).equals(input)).toBe(true);
    expect(chunkCount).toBeGreaterThan(1); // streamed, not one buffer

    expect(await storage.getStream(`org/${ORG}/bank-files/missing.xml`)).toBeNull();
    expect(fake.requests.at(-1)).toMatchObject({ operation: 'GetObject', key: `org/${ORG}/bank-files/missing.xml` });
    await expect(storage.getStream('../escape')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('reads a whole object back with get after a streamed put', async () => {
    await storage.putStream(key, chunksOf(Buffer.from('abc'), 1), 'text/plain');
    expect(await storage.get(key)).toEqual({ body: Buffer.from('abc'), contentType: 'text/plain', size: 3 });
    expect(await collect((await storage.getStream(key))!.stream)).toEqual(Buffer.from('abc'));
  });
});
