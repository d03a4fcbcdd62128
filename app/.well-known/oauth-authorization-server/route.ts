import { authorizationServerMetadata } from '@/lib/auth/discovery';
import { oauthMetadataRoute } from '@/lib/http/oauth-route';

// docs/contract.md#surfaces: the same JSON as /.well-known/openid-configuration (RFC 8414 clients look here).
export const dynamic = 'force-dynamic';
export const GET = oauthMetadataRoute(authorizationServerMetadata);
