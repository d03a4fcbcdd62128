import { oauthRoute } from '@/lib/http/oauth-route';
import { handleRevocationRequest } from '@/lib/http/token-endpoint';

export const POST = oauthRoute('oauth-revoke', handleRevocationRequest);
