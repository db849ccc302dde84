import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(storage.verifyToken(token)).not.toBeNull();
    expect(storage.verifyToken(token, new Date(Date.now() + 61_000))).toBeNull();
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
