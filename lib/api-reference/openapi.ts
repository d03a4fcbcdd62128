import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { config } from '@/lib/config';
import { registerProblemComponent } from '@/lib/http/problem-responses';
import { registerBookingPaths } from '@/lib/bookings/openapi';
import { registerEventsPaths } from '@/lib/events/openapi';
import { registerLoyaltyPaths } from '@/lib/loyalty/openapi';
import { registerOrderingPaths } from '@/lib/orders/openapi';
import { registerSalesPaths } from '@/lib/sales/openapi';
import { registerTablesPaths } from '@/lib/tables/openapi';
import { registerManagePaths } from '@/lib/tenancy/openapi';

type Registrar = (registry: OpenAPIRegistry) => void;

// Each interface registers its paths from the same zod schemas that validate its requests.
export const registrars: Registrar[] = [
  registerOrderingPaths,
  registerTablesPaths,
  registerSalesPaths,
  registerBookingPaths,
  registerLoyaltyPaths,
  registerEventsPaths,
  registerManagePaths,
];

let cached: { publicUrl: string; document: ReturnType<OpenApiGeneratorV31['generateDocument']> } | undefined;

/** Every interface's operations with the zod schemas they were declared with. */
export function apiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registerProblemComponent(registry);
  for (const register of registrars) register(registry);
  return registry;
}

/** The OpenAPI 3.1 document of the partner and management APIs, generated once per process. */
export function openApiDocument() {
  const publicUrl = config().PUBLIC_URL;
  if (cached?.publicUrl === publicUrl) return cached.document;
  const document = new OpenApiGeneratorV31(apiRegistry().definitions).generateDocument({
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
