import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { access } from './access';
import { sendSignedLinkPage, wantsHtml } from './signed-link-page';
import type { FileStorage } from './foundation-types';
import { contentDisposition, FileUrlSigner, LocalFileStorage } from './storage-local';
import { S3FileStorage } from './storage-s3';

export { assertStorageKey, InvalidStorageKeyError, LocalFileStorage } from './storage-local';
export { S3FileStorage } from './storage-s3';

/** The backend named by the configuration: a local folder by default, S3 when `S3_BUCKET` is set. */
export function createFileStorage(config: Pick<Config, 'storage' | 'publicUrl' | 'session'>): FileStorage {
  if (config.storage.kind === 's3') return new S3FileStorage(config.storage);
  return new LocalFileStorage(config.storage.dir, config.publicUrl, new FileUrlSigner(config.session.secret));
}

/**
 * Types a browser may render in place. Anything else (HTML, SVG, XML, scripts) is sent as an
 * attachment even without a download name: uploaded files come from users and are served from
 * our own origin, so rendering them inline would be stored cross-site scripting.
 */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/csv']);

function isInlineSafe(contentType: string): boolean {
  return INLINE_TYPES.has(contentType.split(';', 1)[0]!.trim().toLowerCase());
}

/** GET /files/<token> — the local store's answer to S3's presigned URLs. */
function registerSignedFileRoute(app: FastifyInstance, storage: LocalFileStorage, appUrl: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    // A wildcard, not `:token`: tokens are longer than the router's maxParamLength (100).
    '/files/*',
    {
      // Public by design: the signature is the authorisation, so links work in <img>, new tabs and downloads.
      config: { access: access.public },
      schema: { params: z.object({ '*': z.string().max(4096) }), hide: true },
    },
    async (request, reply) => {
      const grant = storage.verifyToken(request.params['*']);
      if (typeof grant === 'string') {
        // A person opening a mailed link gets a page to act on; API clients keep the JSON error.
        if (wantsHtml(request)) return sendSignedLinkPage(request, reply, grant, appUrl);
        throw new AppError('signed_url_invalid');
      }
      const file = await storage.open(grant.key);
      if (!file) throw new AppError('file_not_found');

      const remainingSeconds = Math.max(0, Math.floor((grant.expiresAt.getTime() - Date.now()) / 1000));
      const fallbackName = grant.key.slice(grant.key.lastIndexOf('/') + 1);
      const disposition =
        grant.downloadName !== undefined
          ? contentDisposition('attachment', grant.downloadName)
          : isInlineSafe(file.contentType)
            ? 'inline'
            : contentDisposition('attachment', fallbackName);

      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          // private: the URL is a bearer credential, shared caches must not keep the content.
          .header('cache-control', `private, max-age=${remainingSeconds}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', disposition)
          .header('content-security-policy', "frame-ancestors 'self'")
          .header('referrer-policy', 'no-referrer')
          .send(file.stream)
      );
    },
  );
}

export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const storage = createFileStorage(app.config);
    if (storage instanceof LocalFileStorage) {
      await storage.init();
      registerSignedFileRoute(app, storage, `${app.config.publicUrl}/`);
    }
    app.decorate('storage', storage);
  },
  { name: 'storage' },
);
