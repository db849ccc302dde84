import { buildUrl, currentSessionGeneration, renewSessionAfter401, type QueryValue } from '@/lib/api-client';
import { readApiError } from '@/lib/api-error';

/** The file name of a Content-Disposition header (the UTF-8 form first), else the given fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/**
 * GETs a file from the API and hands it to the browser's downloads. Fetched (not a plain link) so
 * that a failure becomes a translated toast instead of a JSON page, and a 401 refreshes the session
 * once like every other call. Answers the response's headers (a row count, for the toast).
 */
export async function downloadFile(
  path: string,
  { fallbackName, query }: { fallbackName: string; query?: Record<string, QueryValue> },
): Promise<Headers> {
  const url = buildUrl(path, query);
  const sentAt = currentSessionGeneration();
  let response = await fetch(url, { credentials: 'same-origin' });
  if (response.status === 401 && (await renewSessionAfter401(sentAt))) {
    response = await fetch(url, { credentials: 'same-origin' });
  }
  if (!response.ok) throw await readApiError(response);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; a moment later it can go.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
  return response.headers;
}
