import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { apiDocument } from '@/app/connect/openapi.json/operations';

/**
 * The partner half of the served OpenAPI document: the SDK talks to `{base_url}` (PUBLIC_URL + /connect), so the
 * management paths, which live at the root and need the operator key, stay out of its types.
 */
export function partnerDocument(): OpenAPI3 {
  const document = structuredClone(apiDocument()) as unknown as OpenAPI3;
  document.paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => !path.startsWith('/manage/')));
  return document;
}

/** What `openapi-typescript` makes of the current document: the text s../src/schema.ts must hold. */
export async function generatedSchemaSource(): Promise<string> {
  // A field with a default may be left out of a request, so it must stay optional in the types.
  const ast = await openapiTS(partnerDocument(), { defaultNonNullable: false });
  return `/* Generated from /connect/openapi.json by \`npm run sdk:generate\`; do not edit by hand. */\n\n${astToString(ast)}`;
}
