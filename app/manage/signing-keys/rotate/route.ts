import { rotateSigningKeys } from '@/lib/auth/key-rotation';
import { manageRoute } from '@/lib/http/manage-route';
import { json } from '@/lib/http/responses';

export const POST = manageRoute({}, async ({ db }) => json(await rotateSigningKeys(db), 201));
