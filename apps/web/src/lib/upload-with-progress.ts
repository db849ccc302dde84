import { buildUrl, currentSessionGeneration, expireSession, refusal, renewSessionAfter401 } from './api-client';
import { ApiError, NETWORK_ERROR_CODE, readApiError } from './api-error';
import { organizationHeaders } from './organization-binding';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0…1; the request body only, the server's answer follows after 1. */
  ratio: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

interface RawAnswer {
  status: number;
  body: string;
  contentType: string;
}

/** One XMLHttpRequest: fetch reports no upload progress, XHR does. Same-origin cookies go along by default. */
function sendWithXhr(url: string, formData: FormData, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(organizationHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable) return;
      options.onProgress?.({ loaded: event.loaded, total: event.total, ratio: event.total ? event.loaded / event.total : 0 });
    });
    xhr.addEventListener('load', () =>
      resolve({ status: xhr.status, body: xhr.responseText, contentType: xhr.getResponseHeader('content-type') ?? '' }),
    );
    xhr.addEventListener('error', () =>
      reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Network request failed' })),
    );
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was aborted', 'AbortError')));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(formData);
  });
}

function toResponse(answer: RawAnswer): Response {
  return new Response(answer.body || null, { status: answer.status, headers: { 'content-type': answer.contentType } });
}

/**
 * POST multipart with upload progress, with the api client's session handling: a 401 leads to
 * the one shared refresh and a retry; if that fails the session expires (SPEC §8).
 */
export async function uploadWithProgress<T>(path: string, formData: FormData, options: UploadOptions = {}): Promise<T> {
  const url = buildUrl(path);
  const sentAtGeneration = currentSessionGeneration();
  let answer = await sendWithXhr(url, formData, options);
  if (answer.status === 401) {
    if (!(await renewSessionAfter401(sentAtGeneration))) {
      const error = await readApiError(toResponse(answer));
      expireSession();
      throw error;
    }
    answer = await sendWithXhr(url, formData, options);
  }
  if (answer.status < 200 || answer.status >= 300) throw await refusal(toResponse(answer));
  if (!answer.contentType.includes('json') || !answer.body) return undefined as T;
  return JSON.parse(answer.body) as T;
}
