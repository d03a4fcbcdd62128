import { handlers } from '@/auth';
import { authEndpoint } from '@/lib/auth/auth-endpoints';

export const GET = authEndpoint(handlers.GET);
export const POST = authEndpoint(handlers.POST);
