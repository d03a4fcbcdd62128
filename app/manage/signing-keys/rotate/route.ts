import { z } from 'zod';
import { rotateSigningKeys } from '@/lib/auth/key-rotation';
import { manageRoute } from '@/lib/http/manage-route';
import { jsonContent } from '@/lib/api/operation-doc';
import { json } from '@/lib/http/responses';
import { managementTags } from '@/lib/tenancy/openapi';

export const POST = manageRoute(
  {
    doc: {
      tags: managementTags,
      summary: 'Rotate the token signing key',
      description: 'New tokens are signed with a new key; the old public key stays in the JWKS until every token it signed has expired.',
      responses: { 201: { description: 'Rotated', content: jsonContent(z.object({ kid: z.string() })) } },
      errors: [401, 404],
    },
  },
  async ({ db }) => json(await rotateSigningKeys(db), 201),
);
