import type { RouteConfig, ZodContentObject } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { problemResponses } from './problem-responses';

// The verbs a route file exports, and the operation each names in the document.
const operationMethods = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const satisfies Record<string, RouteConfig['method']>;

export type HttpMethod = keyof typeof operationMethods;

/**
 * What a route declaration says of its operation in the OpenAPI document beyond the schemas it validates with: the
 * request's body, query and path parameters come from the declaration itself, the method from the verb the route
 * file exports and the path from the file's place in app/.
 */
export type OperationDoc = Omit<RouteConfig, 'method' | 'path' | 'request' | 'responses'> & {
  /** The answers other than problems, by status. */
  responses: RouteConfig['responses'];
  /** The statuses answered with a problem body (docs/contract.md#errors), each documented with the Problem component. */
  errors?: readonly number[];
  /** The body as documented, only where the declaration takes `z.unknown()` because the handler validates it itself. */
  body?: z.ZodType;
  /** The request media types documented, where they are fewer than the declaration accepts. */
  contentTypes?: readonly string[];
};

/** The part of a `partnerRoute` or `manageRoute` declaration the OpenAPI document is made of. */
export interface RouteDeclaration {
  body?: z.ZodType;
  /** Query parameters are an object's members (zod-to-openapi reads a pipe's object too). */
  query?: z.ZodObject | z.ZodPipe;
  params?: z.ZodObject;
  /** Accepted request media types when a body schema is given (JSON when absent). */
  contentTypes?: readonly string[];
  doc?: OperationDoc;
}

/** A route handler that carries its declaration, as `partnerRoute` and `manageRoute` return it. */
export interface DeclaredRoute {
  declaration: RouteDeclaration;
}

export const jsonContent = (schema: z.ZodType): ZodContentObject => ({ 'application/json': { schema } });

/**
 * Path parameters are documented as the strings they are in a URL, by the names and descriptions the declaration
 * gives them; the length limits the declaration checks guard the server and are no part of the published contract.
 */
function documentedPathParameters(params: z.ZodObject): z.ZodObject {
  return z.object(
    Object.fromEntries(
      Object.entries(params.shape).map(([name, schema]) => {
        const description = z.globalRegistry.get(schema)?.description;
        return [name, description ? z.string().describe(description) : z.string()];
      }),
    ),
  );
}

/** The OpenAPI operation of the route exported as `method` from the route file at `path`, from its declaration. */
export function documentedOperation(method: HttpMethod, path: string, declaration: RouteDeclaration): RouteConfig {
  const { doc } = declaration;
  if (!doc) throw new Error(`${method} ${path}: the route declaration has no doc`);
  const { tags, summary, description, responses, errors = [], body = declaration.body, contentTypes, ...operation } = doc;
  const mediaTypes = contentTypes ?? declaration.contentTypes ?? ['application/json'];
  return {
    method: operationMethods[method],
    path,
    // Tags, summary and description lead, in this order, however a declaration spreads shared parts into its doc:
    // the generator writes an operation's fields in the order it is given them.
    tags,
    summary,
    description,
    ...operation,
    request: {
      params: declaration.params && documentedPathParameters(declaration.params),
      query: declaration.query,
      body: body && { content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: body }])) },
    },
    responses: { ...responses, ...problemResponses(...errors) },
  };
}
