import { oauthRoute } from '@/lib/http/oauth-route';
import { handleDeviceAuthorizationRequest } from '@/lib/http/token-endpoint';

export const POST = oauthRoute('oauth-device', handleDeviceAuthorizationRequest);
