import { ApiError } from '@/lib/errors';
import { mediaTypeParameter } from './media-types';

interface InterfaceVersions {
  supported: readonly string[];
  default: string;
  /**
   * Versions the Tyro Connect reference pins for this interface, each answered with the shape of the version it names
   * here because the two agree (the reference document's schemas against Counterpart's, field by field).
   */
  aliases: Readonly<Record<string, string>>;
}

// docs/contract.md#versions: each interface has versions, picked by the `version` parameter of the Accept media type.
export const apiVersions = {
  ordering: { supported: ['1.0', '1.1'], default: '1.0', aliases: {} },
  tables: { supported: ['1.0'], default: '1.0', aliases: {} },
  // tyro-connect-sales.yml is Sales 1.1: the sale, its list filters and its update are Counterpart's Sales 1.0.
  sales: { supported: ['1.0'], default: '1.0', aliases: { '1.1': '1.0' } },
  // tyro-connect-booking.yml documents 0.1 (its Accept default) and 1.0 with one and the same schema.
  booking: { supported: ['1.0'], default: '1.0', aliases: { '0.1': '1.0' } },
  // tyro-connect-loyalty.yml is Loyalty 1.0: members, cards, activities, onboarding and test payments as Counterpart's 0.9.
  loyalty: { supported: ['0.9'], default: '0.9', aliases: { '1.0': '0.9' } },
  locations: { supported: ['1.0'], default: '1.0', aliases: {} },
  events: { supported: ['1.0'], default: '1.0', aliases: {} },
} as const satisfies Record<string, InterfaceVersions>;

export type ApiName = keyof typeof apiVersions;
export type ApiVersion<A extends ApiName> = (typeof apiVersions)[A]['supported'][number];

type VersionHeaders = Pick<Headers, 'get'>;

/**
 * The version a request names: the `version` parameter of its Accept media type (`application/json; version=1.1`),
 * else that of its Content-Type (`application/vnd.tyro.connect+json;version=1.0`, as a reference client sends a body);
 * undefined when neither names one. When both name one, Accept's wins (docs/contract.md#versions): it asks for the answer, and a
 * reference booking client sends its body as 1.0 while asking for its default, 0.1.
 */
export function requestedVersion(headers: VersionHeaders): string | undefined {
  return mediaTypeParameter(headers.get('accept'), 'version') ?? mediaTypeParameter(headers.get('content-type'), 'version');
}

/** The version a request is served in: the one it names (an alias as the version it stands for), else the default. */
export function negotiateVersion(api: ApiName, headers: VersionHeaders): string {
  const requested = requestedVersion(headers);
  if (requested === undefined) return apiVersions[api].default;
  const served = servedVersion(api, requested);
  if (served) return served;
  throw new ApiError('VERSION_NOT_SUPPORTED', `Version ${requested} of the ${api} API is not supported. Supported versions: ${describeVersions(api)}.`);
}

/**
 * docs/contract.md#versions: every partner-API response names a version, also one answered before negotiation finished (429) or
 * because it failed (406): the version the request is served in when it names a known one, else the interface's
 * default. An alias answers as the version it stands for: `Api-Version` always names the shape of the answer.
 */
export function responseVersion(api: ApiName, headers: VersionHeaders): string {
  const requested = requestedVersion(headers);
  return (requested !== undefined && servedVersion(api, requested)) || apiVersions[api].default;
}

function servedVersion(api: ApiName, requested: string): string | undefined {
  const { supported, aliases } = apiVersions[api] as InterfaceVersions;
  if (supported.includes(requested)) return requested;
  return Object.hasOwn(aliases, requested) ? aliases[requested] : undefined;
}

/** `1.0, 1.1 (default 1.0)`, with the aliases: `1.0 (default 1.0); 0.1 is answered as 1.0`. */
export function describeVersions(api: ApiName): string {
  const { supported, default: fallback, aliases } = apiVersions[api] as InterfaceVersions;
  const aliasList = Object.entries(aliases).map(([alias, served]) => `${alias} is answered as ${served}`);
  return [`${supported.join(', ')} (default ${fallback})`, ...aliasList].join('; ');
}
