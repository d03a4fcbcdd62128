import { oauthRoute } from '@/lib/auth/oauth-route';
import { handleTokenRequest } from '@/lib/auth/token-endpoint';

export const POST = oauthRoute('oauth-token', handleTokenRequest);
