import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';

// Keys sorted, undefined members dropped, no white space: equal content gives equal text whatever the key order.
const stringify = configure({ deterministic: true, circularValue: TypeError });

/** JSON of `value` with object keys sorted, so two requests with the same content give the same text. */
export const canonicalJson = (value: unknown): string => stringify(value) ?? 'null';

/**
 * The digest idempotent creates compare (orders, sales): stored with the first request, so its text must not change
 * between releases for the same content.
 */
export const contentDigest = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('base64url');
