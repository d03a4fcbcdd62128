import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { createWebhookEndpointSchema } from '@/lib/events/webhook-endpoints';
import { problemResponses } from '@/lib/http/problem-responses';
import {
  createClientSchema,
  createConnectionSchema,
  createLocationSchema,
  createLoyaltyProgramSchema,
  createMerchantSchema,
  createPartnerSchema,
  createUserSchema,
} from './schemas';

const created = (description: string) => ({ 201: { description }, ...problemResponses(400, 401, 404, 409, 422) });

/** The management API (CONTRACT §3), documented with the schemas that validate it. */
export function registerManagePaths(registry: OpenAPIRegistry) {
  const paths: [string, z.ZodType, string, string[]][] = [
    ['/manage/merchants', createMerchantSchema, 'Create a merchant', []],
    ['/manage/merchants/{merchantId}/locations', createLocationSchema, 'Create a location of a merchant', ['merchantId']],
    ['/manage/users', createUserSchema, 'Create a dashboard user', []],
    ['/manage/partners', createPartnerSchema, 'Create a partner', []],
    ['/manage/partners/{partnerId}/clients', createClientSchema, 'Create a client (secret shown once)', ['partnerId']],
    ['/manage/partners/{partnerId}/connections', createConnectionSchema, 'Connect a partner to a location', ['partnerId']],
    ['/manage/partners/{partnerId}/webhooks', createWebhookEndpointSchema, 'Create a webhook endpoint (secret shown once)', ['partnerId']],
    ['/manage/partners/{partnerId}/loyalty-programs', createLoyaltyProgramSchema, 'Create a loyalty program', ['partnerId']],
  ];
  for (const [path, body, summary, params] of paths) {
    registry.registerPath({
      method: 'post',
      path,
      tags: ['Management'],
      summary,
      description: 'Requires `Authorization: Bearer $ADMIN_API_KEY`; absent when ADMIN_API_KEY is unset.',
      request: {
        params: params.length ? z.object(Object.fromEntries(params.map((name) => [name, z.string()]))) : undefined,
        body: { content: { 'application/json': { schema: body } } },
      },
      responses: created('Created'),
    });
  }
  registry.registerPath({
    method: 'post',
    path: '/manage/signing-keys/rotate',
    tags: ['Management'],
    summary: 'Rotate the token signing key',
    description: 'New tokens are signed with a new key; the old public key stays in the JWKS until every token it signed has expired.',
    responses: {
      201: { description: 'Rotated', content: { 'application/json': { schema: z.object({ kid: z.string() }) } } },
      ...problemResponses(401, 404),
    },
  });
}
