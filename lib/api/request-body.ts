import { ApiError } from '@/lib/errors';
import { isDeclaredMediaType, mediaTypeEssence } from './media-types';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads at most 1 MiB (docs/contract.md#statuses: 413 over it), whether or not the client sent Content-Length. */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  // A declared length frames the body (Node's parser reads exactly that much): it is within the limit, read it whole.
  if (declared >= 0) return Buffer.from(await request.arrayBuffer()).toString('utf8');
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

const tooLarge = (limit: number) => new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limit} bytes.`);

export function mediaType(request: Request): string | undefined {
  return mediaTypeEssence(request.headers.get('content-type'));
}

/** 415 unless the body's media type is one `accepted` declares (`application/json` stands for every `+json` subtype). */
export function assertContentType(request: Request, accepted: readonly string[]): void {
  const type = mediaType(request);
  if (!type || !isDeclaredMediaType(accepted, type)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Content-Type ${type ?? '(none)'} is not supported here; send ${accepted.join(' or ')}.`);
  }
}

/** Deeper than any request the API defines (an order with 10 levels of modifiers is 25 deep). */
export const MAX_JSON_DEPTH = 32;

/**
 * Parses a JSON body and refuses one nested deeper than MAX_JSON_DEPTH with 422 before any recursive schema walks
 * it (docs/contract.md#errors: absurd nesting is the client's error, never a stack overflow).
 */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError('INVALID_JSON', `Request body is not valid JSON: ${(error as Error).message}`);
  }
  if (jsonDepth(value, maxDepth) > maxDepth) {
    throw new ApiError('NESTING_TOO_DEEP', `Request body nests objects and arrays deeper than ${maxDepth} levels.`);
  }
  return value;
}

/** The nesting depth of a parsed JSON value (a scalar is 0), counted without recursion and up to `stopAbove` + 1. */
export function jsonDepth(value: unknown, stopAbove = Infinity): number {
  let deepest = 0;
  // Two stacks side by side rather than a [value, depth] pair per node; scalars are never pushed.
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length) {
    const current = values.pop();
    const depth = depths.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > stopAbove) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}
