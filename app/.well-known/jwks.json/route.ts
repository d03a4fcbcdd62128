import { publishedKeys } from '@/lib/auth/signing-keys';
import { oauthMetadataRoute } from '@/lib/http/oauth-route';

export const dynamic = 'force-dynamic';
export const GET = oauthMetadataRoute(async (db) => ({ keys: await publishedKeys(db) }));
