import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config';
import type { FileStorage, StoredObject } from './foundation-types';
import { assertContentType, assertStorageKey, contentDisposition } from './storage-local';

export type S3StorageConfig = Extract<Config['storage'], { kind: 's3' }>;

/** Part size of streamed uploads: S3 wants at least 5 MiB per part (but the last). */
const STREAM_PART_BYTES = 8 * 1024 * 1024;

/** SigV4 presigned URLs cannot live longer than seven days. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Without explicit keys the SDK's default chain applies (instance roles, env, profiles).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Newer SDKs add CRC checksums to every upload by default; several S3-compatible servers
    // (older MinIO, Ceph, some hosted offerings) reject them. Only send them where S3 requires.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/** Files in S3-compatible object storage (AWS, MinIO, Ceph, Hetzner, …): the production choice. */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;

  constructor(
    private readonly config: S3StorageConfig,
    private readonly client: S3Client = createS3Client(config),
  ) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertStorageKey(key);
    assertContentType(contentType);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  /**
   * A stream of unknown length: small ones in one PUT, larger ones as a multipart upload of
   * STREAM_PART_BYTES parts, so at most one part is in memory (@aws-sdk/lib-storage is not installed).
   * Chunks are cut at part boundaries: every part but the last has exactly STREAM_PART_BYTES,
   * whatever the chunk sizes (some S3-compatible stores, e.g. Cloudflare R2, require equal parts,
   * and one huge chunk must not become one huge part).
   */
  async putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<{ size: number }> {
    assertStorageKey(key);
    assertContentType(contentType);
    const bucket = this.config.bucket;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async (): Promise<void> => {
      const part = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      if (!uploadId) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
        );
        uploadId = created.UploadId;
      }
      const PartNumber = parts.length + 1;
      const sent = await this.client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber,
          Body: part,
          ContentLength: part.length,
        }),
      );
      parts.push({ ETag: sent.ETag, PartNumber });
    };
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        while (pendingBytes + rest.length >= STREAM_PART_BYTES) {
          const take = STREAM_PART_BYTES - pendingBytes;
          pending.push(rest.subarray(0, take));
          pendingBytes += take;
          rest = rest.subarray(take);
          await sendPart();
        }
        if (rest.length > 0) {
          pending.push(rest);
          pendingBytes += rest.length;
        }
      }
      if (!uploadId) {
        await this.put(key, Buffer.concat(pending), contentType);
        return { size };
      }
      if (pendingBytes > 0) await sendPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
      return { size };
    } catch (error) {
      if (uploadId)
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => {});
      throw error;
    }
  }

  async getStream(key: string): Promise<{ stream: AsyncIterable<Uint8Array>; size: number } | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!result.Body) return null;
      // In Node the body is a Readable (an async iterable of Buffers).
      return { stream: result.Body as AsyncIterable<Uint8Array>, size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!result.Body) return null;
      const body = Buffer.from(await result.Body.transformToByteArray());
      return { body, contentType: result.ContentType ?? 'application/octet-stream', size: body.length };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers 204 for missing keys too, so delete is idempotent like the local store's.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /** Presigning is a local computation (no request to S3): the browser fetches straight from the bucket. */
  async signedUrl(
    key: string,
    ttlSeconds: number,
    options?: { downloadName?: string },
  ): Promise<{ url: string; expiresAt: Date }> {
    assertStorageKey(key);
    const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.floor(ttlSeconds)));
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: key,
      ResponseContentDisposition: options?.downloadName ? contentDisposition('attachment', options.downloadName) : 'inline',
      ResponseCacheControl: `private, max-age=${expiresIn}`,
    });
    const url = await getSignedUrl(this.client, command, { expiresIn });
    return { url, expiresAt: new Date(Date.now() + expiresIn * 1000) };
  }
}

/**
 * The origin(s) browsers load presigned URLs from, for the SPA's Content-Security-Policy
 * (previews of invoice PDFs and logos come straight from the bucket).
 */
export function s3BrowserOrigins(config: S3StorageConfig): string[] {
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    if (config.forcePathStyle) return [endpoint.origin];
    return [`${endpoint.protocol}//${config.bucket}.${endpoint.host}`];
  }
  return [`https://${config.bucket}.s3.${config.region}.amazonaws.com`, `https://s3.${config.region}.amazonaws.com`];
}
