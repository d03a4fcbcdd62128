// Media types of partner-API requests and answers (docs/contract.md#versions, docs/contract.md#errors), read as the Tyro Connect reference writes them.

/** Tyro Connect's own JSON media type: the booking reference sends and answers `application/vnd.tyro.connect+json;version=1.0`. */
export const TYRO_CONNECT_JSON = 'application/vnd.tyro.connect+json';

const MERGE_PATCH_JSON = 'application/merge-patch+json';

interface MediaRange {
  essence: string;
  parameters: Map<string, string>;
}

/** The media types (or ranges) of a Content-Type or Accept header, in order, each with its parameters. */
function mediaRanges(header: string | null | undefined): MediaRange[] {
  if (!header) return [];
  return header.split(',').map((range) => {
    const [essence = '', ...parameters] = range.split(';');
    return {
      essence: essence.trim().toLowerCase(),
      parameters: new Map(
        parameters.map((parameter) => {
          const [name = '', value = ''] = parameter.split('=').map((part) => part.trim());
          return [name.toLowerCase(), value.replace(/^"|"$/g, '')] as const;
        }),
      ),
    };
  });
}

/** A media type's essence (`type/subtype`, lower case, without parameters), or undefined when the header is empty. */
export function mediaTypeEssence(header: string | null | undefined): string | undefined {
  return mediaRanges(header)[0]?.essence || undefined;
}

/** The value of parameter `name` on the first media type of `header` that has one (`version` of `…+json;version=1.0`). */
export function mediaTypeParameter(header: string | null | undefined, name: string): string | undefined {
  for (const range of mediaRanges(header)) {
    const value = range.parameters.get(name);
    if (value) return value;
  }
  return undefined;
}

/**
 * Whether a body of media type `essence` is read where a route declares `declared`. Declaring `application/json`
 * takes every `+json` subtype as JSON (RFC 6839: `application/vnd.tyro.connect+json` and the like), except
 * `application/merge-patch+json`, a patch document (RFC 7396) read only where a route declares it.
 */
export function isDeclaredMediaType(declared: readonly string[], essence: string): boolean {
  if (declared.includes(essence)) return true;
  return declared.includes('application/json') && /^application\/[^/]+\+json$/.test(essence) && essence !== MERGE_PATCH_JSON;
}

/**
 * The media type of a JSON answer: Tyro Connect's own (with the version answered) when the client's Accept prefers it
 * to plain JSON, else `application/json`. Problems stay `application/problem+json` whatever was asked (docs/contract.md#errors).
 */
export function answerMediaType(accept: string | null, version: string): string {
  const ranked = mediaRanges(accept)
    .map((range, index) => ({ range, index, quality: Number(range.parameters.get('q') ?? 1) }))
    .filter(({ quality }) => quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const preferred = ranked.find(({ range }) => range.essence === TYRO_CONNECT_JSON || range.essence === 'application/json');
  return preferred?.range.essence === TYRO_CONNECT_JSON ? `${TYRO_CONNECT_JSON};version=${version}` : 'application/json';
}
