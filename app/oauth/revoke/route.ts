import { oauthRoute } from '@/lib/auth/oauth-route';
import { handleRevocationRequest } from '@/lib/auth/token-endpoint';

export const POST = oauthRoute('oauth-revoke', handleRevocationRequest);
