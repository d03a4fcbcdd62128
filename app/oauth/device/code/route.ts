import { oauthRoute } from '@/lib/auth/oauth-route';
import { handleDeviceAuthorizationRequest } from '@/lib/auth/token-endpoint';

export const POST = oauthRoute('oauth-device', handleDeviceAuthorizationRequest);
