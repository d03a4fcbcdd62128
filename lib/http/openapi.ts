import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { config } from '@/lib/config';
import { registerBookingPaths } from '@/lib/bookings/openapi';
import { registerEventsPaths } from '@/lib/events/openapi';
import { registerLoyaltyPaths } from '@/lib/loyalty/openapi';
import { registerOrderingPaths } from '@/lib/orders/openapi';
import { registerSalesPaths } from '@/lib/sales/openapi';
import { registerTablesPaths } from '@/lib/tables/openapi';
import { registerManagePaths } from '@/lib/tenancy/openapi';

type Registrar = (registry: OpenAPIRegistry) => void;

// Each interface registers its paths from the same zod schemas that validate its requests.
const registrars: Registrar[] = [
  registerOrderingPaths,
  registerTablesPaths,
  registerSalesPaths,
  registerBookingPaths,
  registerLoyaltyPaths,
  registerEventsPaths,
  registerManagePaths,
];

export const problemSchemaRef = { $ref: '#/components/schemas/Problem' } as const;

let cached: { publicUrl: string; document: ReturnType<OpenApiGeneratorV31['generateDocument']> } | undefined;

/** The OpenAPI 3.1 document of the partner and management APIs, generated once per process. */
export function openApiDocument() {
  const publicUrl = config().PUBLIC_URL;
  if (cached?.publicUrl === publicUrl) return cached.document;
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
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
  for (const register of registrars) register(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Counterpart partner API',
      version: '1.0',
      description:
        'Tyro Connect-compatible partner API. Pick an interface version with the `version` parameter of the Accept media type (e.g. `Accept: application/json; version=1.1`); every response names the version used in `Api-Version`. Errors are `application/problem+json`.',
    },
    servers: [{ url: `${publicUrl}/connect`, description: 'Partner API' }],
    security: [{ bearerAuth: [] }],
  });
  // Management paths live at the root, not below the partner API's base URL.
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (path.startsWith('/manage/')) (item as { servers?: unknown }).servers = [{ url: publicUrl, description: 'Management API' }];
  }
  cached = { publicUrl, document };
  return document;
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
