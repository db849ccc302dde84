import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES } from '@kontor/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { writeActivity } from '../activity-log/writer';
import { lockOrganization, setLogoKey } from './repo';
import { logoStorageKey, type OrganizationCache } from './service';

const EXTENSIONS: Record<(typeof LOGO_MIME_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Reads the upload within the size limit; a larger file is refused before it is stored. */
export async function readLogoUpload(file: MultipartFile | undefined): Promise<Buffer> {
  if (!file) throw new AppError('logo_missing');
  let body: Buffer;
  try {
    body = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('logo_too_large', { maxMb: LOGO_MAX_BYTES / 1024 / 1024 });
    }
    throw error;
  }
  if (file.file.truncated || body.length > LOGO_MAX_BYTES) {
    throw new AppError('logo_too_large', { maxMb: LOGO_MAX_BYTES / 1024 / 1024 });
  }
  if (body.length === 0) throw new AppError('logo_missing');
  return body;
}

/** The image type by its content (magic bytes), never by the name or the declared type. */
export async function detectLogoType(body: Buffer): Promise<(typeof LOGO_MIME_TYPES)[number]> {
  const detected = await fileTypeFromBuffer(body);
  const mime = detected?.mime as (typeof LOGO_MIME_TYPES)[number] | undefined;
  if (!mime || !LOGO_MIME_TYPES.includes(mime)) throw new AppError('logo_invalid_type');
  try {
    const { width, height } = imageSize(body);
    if (!width || !height) throw new Error('no dimensions');
  } catch {
    // Right magic bytes but no readable image: a truncated or forged file.
    throw new AppError('logo_invalid_type');
  }
  return mime;
}

export class LogoService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly cache: OrganizationCache,
    private readonly signedUrlTtlSeconds: number,
  ) {}

  /** Stores the new logo, then points the organisation at it; the old file goes only after commit. */
  async replace(org: OrgContext, body: Buffer): Promise<{ url: string | null; expiresAt: string | null }> {
    const mime = await detectLogoType(body);
    const key = logoStorageKey(org.orgId, EXTENSIONS[mime]);
    await this.storage.put(key, body, mime);
    let previousKey: string | null = null;
    try {
      await this.database.withOrg({ orgId: org.orgId, userId: org.userId }, async (tx) => {
        const current = await lockOrganization(tx, org.orgId);
        if (!current) throw new AppError('organization_not_found');
        previousKey = current.logoKey;
        await setLogoKey(tx, org.orgId, key);
        await writeActivity(tx, org.orgId, {
          entityType: 'organization',
          entityId: org.orgId,
          action: 'update',
          actor: { type: 'user', id: org.userId },
          changes: { logo: { from: previousKey, to: key }, bytes: body.length, type: mime },
        });
      });
    } catch (error) {
      await this.storage.delete(key).catch(() => {});
      throw error;
    }
    this.cache.drop(org.orgId);
    if (previousKey) await this.storage.delete(previousKey).catch(() => {});
    return this.signedUrlFor(key);
  }

  async signedUrl(logoKey: string | null): Promise<{ url: string | null; expiresAt: string | null }> {
    return logoKey ? this.signedUrlFor(logoKey) : { url: null, expiresAt: null };
  }

  private async signedUrlFor(key: string): Promise<{ url: string; expiresAt: string }> {
    const signed = await this.storage.signedUrl(key, this.signedUrlTtlSeconds);
    return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
  }
}
