import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';

// The problem format (docs/contract.md#errors) as the OpenAPI document describes it. A leaf module: every route's doc names these
// responses (lib/api/operation-doc) and the document registers the component (lib/api-reference), so nothing here
// imports either.

export const problemSchemaRef = { $ref: '#/components/schemas/Problem' } as const;

/** Registers the Problem schema every error response refers to. */
export function registerProblemComponent(registry: OpenAPIRegistry) {
  registry.registerComponent('schemas', 'Problem', {
    type: 'object',
    description: 'RFC 9457 problem details with the members Tyro Connect clients read.',
    required: ['type', 'title', 'status', 'detail', 'code', 'error'],
    properties: {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string' },
      code: { type: 'string', description: 'Stable UPPER_SNAKE identifier.' },
      error: { type: 'string', description: 'Human-readable message.' },
      requestId: { type: 'string', description: 'The X-Request-Id of the answer: the same id is in the logs and the API request log.' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            segment: { type: 'string', enum: ['body', 'query', 'path', 'header'] },
            path: { type: 'string' },
            message: { type: 'string' },
          },
        },
      },
    },
  });
}

/** Standard error responses shared by every path. */
export function problemResponses(...statuses: number[]) {
  const descriptions: Record<number, string> = {
    400: 'Invalid input (every violation listed in `errors`)',
    401: 'Missing, invalid or expired token',
    403: 'Partner type or connection does not allow this',
    404: 'Not found',
    406: 'Unsupported version',
    409: 'Conflict',
    412: 'Stale version',
    413: 'Body over 1 MiB',
    415: 'Unsupported content type',
    422: 'Unknown reference',
    429: 'Rate limited',
  };
  return Object.fromEntries(
    statuses.map((status) => [status, { description: descriptions[status] ?? 'Error', content: { 'application/problem+json': { schema: problemSchemaRef } } }]),
  );
}
