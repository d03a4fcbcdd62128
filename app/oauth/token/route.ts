import { oauthRoute } from '@/lib/http/oauth-route';
import { handleTokenRequest } from '@/lib/http/token-endpoint';

export const POST = oauthRoute('oauth-token', handleTokenRequest);
