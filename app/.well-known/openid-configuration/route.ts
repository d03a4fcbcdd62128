import { authorizationServerMetadata } from '@/lib/auth/discovery';
import { oauthMetadataRoute } from '@/lib/http/oauth-route';

export const dynamic = 'force-dynamic';
export const GET = oauthMetadataRoute(authorizationServerMetadata);
