import { ApiError } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads at most 1 MiB (CONTRACT §5: 413 over it), whether or not the client sent Content-Length. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = (limit: number) =>
  new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limit} bytes.`);

export function mediaType(request: Request): string | undefined {
  return request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() || undefined;
}

export function assertContentType(request: Request, accepted: readonly string[]): void {
  const type = mediaType(request);
  if (!type || !accepted.includes(type)) {
    throw new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type ${type ?? '(none)'} is not supported here; send ${accepted.join(' or ')}.`,
    );
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError('INVALID_JSON', `Request body is not valid JSON: ${(error as Error).message}`);
  }
}
