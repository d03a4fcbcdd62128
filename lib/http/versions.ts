import { ApiError } from './errors';

// CONTRACT §4: each interface has versions, picked by the `version` parameter of the Accept media type.
export const apiVersions = {
  ordering: { supported: ['1.0', '1.1'], default: '1.0' },
  tables: { supported: ['1.0'], default: '1.0' },
  sales: { supported: ['1.0'], default: '1.0' },
  booking: { supported: ['1.0'], default: '1.0' },
  loyalty: { supported: ['0.9'], default: '0.9' },
  locations: { supported: ['1.0'], default: '1.0' },
  events: { supported: ['1.0'], default: '1.0' },
} as const;

export type ApiName = keyof typeof apiVersions;
export type ApiVersion<A extends ApiName> = (typeof apiVersions)[A]['supported'][number];

/** The version requested in an Accept header (`application/json; version=1.1`), or undefined when none is named. */
export function requestedVersion(accept: string | null): string | undefined {
  if (!accept) return undefined;
  for (const mediaRange of accept.split(',')) {
    for (const parameter of mediaRange.split(';').slice(1)) {
      const [name, value] = parameter.split('=').map((part) => part?.trim());
      if (name?.toLowerCase() === 'version' && value) return value.replace(/^"|"$/g, '');
    }
  }
  return undefined;
}

export function negotiateVersion(api: ApiName, accept: string | null): string {
  const { supported, default: fallback } = apiVersions[api];
  const requested = requestedVersion(accept);
  if (requested === undefined) return fallback;
  if ((supported as readonly string[]).includes(requested)) return requested;
  throw new ApiError(
    'VERSION_NOT_SUPPORTED',
    `Version ${requested} of the ${api} API is not supported. Supported versions: ${supported.join(', ')} (default ${fallback}).`,
  );
}

/**
 * CONTRACT §4: every partner-API response names a version, also one answered before negotiation finished (429) or
 * because it failed (406): the requested version when it is supported, else the interface's default.
 */
export function responseVersion(api: ApiName, accept: string | null): string {
  const { supported, default: fallback } = apiVersions[api];
  const requested = requestedVersion(accept);
  return requested !== undefined && (supported as readonly string[]).includes(requested) ? requested : fallback;
}
