import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { config } from '@/lib/config';
import { registerProblemComponent } from '@/lib/api/problem-responses';
import { apiVersions, describeVersions, type ApiName } from '@/lib/api/versions';

/** What the document describes: the operations in the order it lists them, and the webhooks the service calls. */
export interface ApiDescription {
  operations: readonly RouteConfig[];
  webhooks: readonly RouteConfig[];
}

type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const cache = new WeakMap<ApiDescription, { publicUrl: string; document: OpenApiDocument }>();

/** The operations and webhooks with the zod schemas they were declared with, and the components they share. */
export function apiRegistry(api: ApiDescription): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registerProblemComponent(registry);
  for (const operation of api.operations) registry.registerPath(operation);
  for (const webhook of api.webhooks) registry.registerWebhook(webhook);
  return registry;
}

/** The OpenAPI 3.1 document of the partner and management APIs, generated once per process and PUBLIC_URL. */
export function openApiDocument(api: ApiDescription): OpenApiDocument {
  const publicUrl = config().PUBLIC_URL;
  const cached = cache.get(api);
  if (cached?.publicUrl === publicUrl) return cached.document;
  const document = new OpenApiGeneratorV31(apiRegistry(api).definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Counterpart partner API',
      version: '1.0',
      description: documentDescription(),
    },
    servers: [{ url: `${publicUrl}/connect`, description: 'Partner API' }],
    security: [{ bearerAuth: [] }],
  });
  // Management paths live at the root, not below the partner API's base URL.
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (path.startsWith('/manage/')) (item as { servers?: unknown }).servers = [{ url: publicUrl, description: 'Management API' }];
  }
  cache.set(api, { publicUrl, document });
  return document;
}

const interfaceNames: Record<ApiName, string> = {
  ordering: 'Ordering',
  tables: 'Tables',
  sales: 'Sales',
  booking: 'Booking',
  loyalty: 'Loyalty',
  locations: 'Locations',
  events: 'Events',
};

/** What the document says of versions and media types (docs/contract.md#versions), the versions listed from lib/api/versions. */
function documentDescription(): string {
  const versions = (Object.keys(apiVersions) as ApiName[]).map((api) => `- ${interfaceNames[api]}: ${describeVersions(api)}`);
  return [
    'Tyro Connect-compatible partner API.',
    '',
    'Pick an interface version with the `version` parameter of the Accept media type (e.g. `Accept: application/json; version=1.1`), or of the',
    'Content-Type when Accept names none (Accept wins when both do); every response names the version answered in `Api-Version`. The versions',
    'the Tyro Connect reference pins are answered as the version whose shape they share, and `Api-Version` names that one. An unknown version is',
    '406.',
    '',
    ...versions,
    '',
    'Request bodies are `application/json` or any `+json` type, such as the reference’s `application/vnd.tyro.connect+json;version=1.0`;',
    '`application/merge-patch+json` where an update documents it. A JSON answer comes as `application/vnd.tyro.connect+json;version=…` when',
    'Accept prefers that type, else as `application/json`. Errors are `application/problem+json`.',
  ].join('\n');
}
