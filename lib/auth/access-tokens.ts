import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Executor } from '@/db/client';
import { grants, partners, revokedAccessTokens } from '@/db/schema';
import { config, connectBaseUrl } from '@/lib/config';
import { ApiError } from '@/lib/errors';
import { isDatabaseUnavailable } from '@/db/errors';
import { newPrefixedId } from '@/lib/ids';
import { locationScopeOf, type LocationScope } from '@/lib/tenancy/scope';
import { activeSigningKey, SIGNING_ALG, verificationKey } from './signing-keys';

export type PartnerType = 'POS' | 'ORDERING_APP' | 'BOOKING_APP' | 'LOYALTY';

/** Who is calling the partner API, established from a verified access token. */
export interface PartnerPrincipal {
  partnerId: string;
  partnerType: PartnerType;
  partnerName: string;
  clientId: string;
  /** The token's `client_id` claim: the client's public id, which the API request log names it by. */
  publicClientId: string;
  grantId: string;
  tokenId: string;
  expiresAt: Date;
  /** The locations this token reaches; lib/tenancy/scope.ts turns it into every access decision. */
  scope: LocationScope;
}

export interface IssueAccessTokenInput {
  partnerId: string;
  partnerType: PartnerType;
  clientId: string;
  grantId: string;
  locationIds: string[];
  audience?: string;
  ttlSeconds: number;
}

export const allowedAudiences = () => [connectBaseUrl()];

export async function issueAccessToken(db: Executor, input: IssueAccessTokenInput): Promise<{ token: string; expiresIn: number; jti: string }> {
  const key = await activeSigningKey(db);
  const jti = newPrefixedId('at');
  const token = await new SignJWT({
    partner_id: input.partnerId,
    partner_type: input.partnerType,
    client_id: input.clientId,
    grant_id: input.grantId,
    locations: input.locationIds,
  })
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'at+jwt' })
    .setIssuer(config().PUBLIC_URL)
    .setAudience(input.audience ?? connectBaseUrl())
    .setSubject(input.grantId)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${input.ttlSeconds}s`)
    .sign(key.privateKey);
  return { token, expiresIn: input.ttlSeconds, jti };
}

const invalidToken = (message: string, code = 'UNAUTHORIZED') =>
  new ApiError(code, message, {
    status: 401,
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"` },
  });

export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * Verifies signature with the pinned algorithm, `iss`, `aud`, `exp`, then revocation of the token and its grant
 * (docs/contract.md#tenancy). Throws a 401 ApiError on any failure.
 */
export async function verifyAccessToken(db: Executor, token: string): Promise<PartnerPrincipal> {
  const payload = await verifiedClaims(db, token);
  const grantId = String(payload.grant_id ?? '');
  const jti = String(payload.jti ?? '');
  const [row] = await grantLookup(db).execute({ grantId, jti });
  if (!row || row.revokedAt || row.tokenRevoked) throw invalidToken('The access token has been revoked.');
  await touchGrant(db, grantId, row.lastUsedAt);
  return principalOf(payload, { ...row, grantId, jti });
}

/**
 * verifyAccessToken for many tokens at once, each answered on its own (its principal or its error): the signatures
 * and claims one by one (remembered, as for a single token), the grants and revocations of all in two statements, and
 * one write for the grants whose "last used" is due. When an instance restarts, thousands of POS open their sockets
 * within seconds; a few statements per batch rather than three per socket keep the pool free for everything else.
 */
export async function verifyAccessTokens(db: Executor, tokens: readonly string[]): Promise<(PartnerPrincipal | Error)[]> {
  const claims = await Promise.all(tokens.map((token) => verifiedClaims(db, token).catch((error: unknown) => asError(error))));
  const verified = claims.filter((claim): claim is JWTPayload => !(claim instanceof Error));
  if (!verified.length) return claims as Error[];
  const grantIds = [...new Set(verified.map((payload) => String(payload.grant_id ?? '')))];
  const jtis = [...new Set(verified.map((payload) => String(payload.jti ?? '')))];
  const [grantRows, revokedRows] = await Promise.all([
    db
      .select({
        grantId: grants.id,
        partnerId: partners.id,
        partnerType: partners.type,
        partnerName: partners.name,
        clientId: grants.clientId,
        grantKind: grants.kind,
        revokedAt: grants.revokedAt,
        lastUsedAt: grants.lastUsedAt,
      })
      .from(grants)
      .innerJoin(partners, eq(partners.id, grants.partnerId))
      .where(sql`${grants.id} = any(${sql.param(grantIds)}::text[])`),
    db
      .select({ jti: revokedAccessTokens.jti })
      .from(revokedAccessTokens)
      .where(sql`${revokedAccessTokens.jti} = any(${sql.param(jtis)}::text[])`),
  ]);
  const grantById = new Map(grantRows.map((row) => [row.grantId, row]));
  const revokedJtis = new Set(revokedRows.map((row) => row.jti));
  const minuteAgo = new Date(Date.now() - 60_000);
  const due = grantRows.filter((row) => !row.revokedAt && (!row.lastUsedAt || row.lastUsedAt <= minuteAgo)).map((row) => row.grantId);
  if (due.length) {
    await db
      .update(grants)
      .set({ lastUsedAt: new Date() })
      .where(and(sql`${grants.id} = any(${sql.param(due)}::text[])`, or(isNull(grants.lastUsedAt), lt(grants.lastUsedAt, minuteAgo))));
  }
  return claims.map((payload) => {
    if (payload instanceof Error) return payload;
    const jti = String(payload.jti ?? '');
    const row = grantById.get(String(payload.grant_id ?? ''));
    if (!row || row.revokedAt || revokedJtis.has(jti)) return invalidToken('The access token has been revoked.');
    return principalOf(payload, { ...row, jti });
  });
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

function principalOf(
  payload: JWTPayload,
  row: {
    partnerId: string;
    partnerType: PartnerType;
    partnerName: string;
    clientId: string;
    grantKind: Parameters<typeof locationScopeOf>[0]['kind'];
    grantId: string;
    jti: string;
  },
): PartnerPrincipal {
  return {
    partnerId: row.partnerId,
    partnerType: row.partnerType,
    partnerName: row.partnerName,
    clientId: row.clientId,
    publicClientId: String(payload.client_id ?? row.clientId),
    grantId: row.grantId,
    tokenId: row.jti,
    expiresAt: new Date((payload.exp ?? 0) * 1000),
    scope: locationScopeOf({ kind: row.grantKind, partnerId: row.partnerId, grantId: row.grantId }),
  };
}

// The grant behind a token, and whether either is revoked: one query on every partner call, so its SQL is built once
// per database rather than by drizzle on each call.
const grantLookups = new WeakMap<Executor, ReturnType<typeof prepareGrantLookup>>();

function prepareGrantLookup(db: Executor) {
  return db
    .select({
      partnerId: partners.id,
      partnerType: partners.type,
      partnerName: partners.name,
      clientId: grants.clientId,
      grantKind: grants.kind,
      revokedAt: grants.revokedAt,
      lastUsedAt: grants.lastUsedAt,
      tokenRevoked: sql<boolean>`exists (select 1 from ${revokedAccessTokens} where ${revokedAccessTokens.jti} = ${sql.placeholder('jti')})`,
    })
    .from(grants)
    .innerJoin(partners, eq(partners.id, grants.partnerId))
    .where(eq(grants.id, sql.placeholder('grantId')))
    .limit(1)
    .prepare('access_token_grant');
}

function grantLookup(db: Executor) {
  let lookup = grantLookups.get(db);
  if (!lookup) grantLookups.set(db, (lookup = prepareGrantLookup(db)));
  return lookup;
}

// A partner sends the same token on every call for up to a day. Its signature and claims check out the same each
// time (the same bytes against the same issuer, audience and key), so a verified token is remembered and only its
// expiry and revocation are checked per call. Bounded: the oldest entries go first.
const VERIFIED_TOKENS_MAX = 5_000;
const verifiedTokens = new Map<string, JWTPayload>();

async function verifiedClaims(db: Executor, token: string): Promise<JWTPayload> {
  const { PUBLIC_URL } = config();
  const cacheKey = `${PUBLIC_URL} ${token}`;
  const known = verifiedTokens.get(cacheKey);
  if (known) {
    if ((known.exp ?? 0) * 1000 > Date.now()) return known;
    verifiedTokens.delete(cacheKey);
    throw invalidToken('The access token has expired.', 'TOKEN_EXPIRED');
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid ? await verificationKey(db, header.kid) : undefined;
        if (!key) throw new joseErrors.JWKSNoMatchingKey();
        return key;
      },
      { issuer: PUBLIC_URL, audience: allowedAudiences(), algorithms: [SIGNING_ALG], requiredClaims: ['exp'] },
    ));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw invalidToken('The access token has expired.', 'TOKEN_EXPIRED');
    // An outage while fetching the key is the service's failure (503), not a bad token.
    if (error instanceof ApiError || isDatabaseUnavailable(error)) throw error;
    throw invalidToken('The access token is invalid.');
  }
  if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(cacheKey, payload);
  return payload;
}

// "Last used" is shown to merchants; a minute's precision spares a write on every request.
async function touchGrant(db: Executor, grantId: string, lastUsedAt: Date | null): Promise<void> {
  const minuteAgo = new Date(Date.now() - 60_000);
  if (lastUsedAt && lastUsedAt > minuteAgo) return;
  await db
    .update(grants)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(grants.id, grantId), or(isNull(grants.lastUsedAt), lt(grants.lastUsedAt, minuteAgo))));
}
