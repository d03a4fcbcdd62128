import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

// The Tyro Connect reference documents are read where they are kept, beside the repository (`../shared/reference/
// tyro-connect`), never copied into it. TYRO_CONNECT_REFERENCE_DIR points elsewhere; without the documents the suite
// fails: a compatibility suite that cannot see the reference proves nothing.
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
export const referenceDirectory = path.resolve(process.env.TYRO_CONNECT_REFERENCE_DIR ?? path.join(repositoryRoot, '../shared/reference/tyro-connect'));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface ReferenceOperation {
  file: string;
  method: string;
  path: string;
  operation: JsonObject;
  /** The JSON pointer of the operation in its document. */
  pointer: string;
}

export interface ReferenceExample {
  operation: ReferenceOperation;
  name: string;
  mediaType: string;
  value: Json;
}

export interface ReferenceDocument {
  file: string;
  document: JsonObject;
  version: string;
  operations: ReferenceOperation[];
}

const pointerSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] });
const schemaOf = (document: JsonObject, name: string) => ((document.components as JsonObject).schemas as JsonObject)[name] as JsonObject;

/**
 * Where an answer may differ from the reference's schema, each named with its reason, and nowhere else:
 * - errata of the reference: the loyalty activity's "Without sale object" example answers `sale: null`, which its
 *   own schema (an object) refuses; and the activity's schema requires a top-level `origin` that it does not define
 *   and neither of its examples has (the payment's `origin` is `payment.origin`);
 * - a deliberate docs/contract.md choice: a table without a section answers `section: null` (docs/contract.md#tables).
 */
function applyReadings(file: string, document: JsonObject) {
  if (file === 'tyro-connect-loyalty.yml') {
    const activity = schemaOf(document, 'loyalty-activity');
    const properties = activity.properties as JsonObject;
    properties.sale = nullable(properties.sale!);
    activity.required = (activity.required as string[]).filter((name) => name !== 'origin');
  }
  if (file === 'tyro-connect-tables.yml') {
    const properties = schemaOf(document, 'table').properties as JsonObject;
    properties.section = nullable(properties.section!);
  }
}

export function loadReferenceDocuments(): ReferenceDocument[] {
  if (!existsSync(referenceDirectory)) {
    throw new Error(
      `The Tyro Connect reference documents are missing: ${referenceDirectory} does not exist. They live in shared/reference/tyro-connect beside the repository (or set TYRO_CONNECT_REFERENCE_DIR).`,
    );
  }
  const documents = readdirSync(referenceDirectory)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => ({ file, document: parse(readFileSync(path.join(referenceDirectory, file), 'utf8')) as JsonObject }))
    .filter(({ document }) => typeof document.openapi === 'string' && isObject(document.paths));
  if (documents.length === 0) throw new Error(`No OpenAPI document in ${referenceDirectory}.`);
  return documents.map(({ file, document }) => {
    applyReadings(file, document);
    const operations: ReferenceOperation[] = [];
    for (const [pathName, item] of Object.entries(document.paths as JsonObject)) {
      for (const method of METHODS) {
        const operation = (item as JsonObject)[method];
        if (!isObject(operation)) continue;
        operations.push({ file, method: method.toUpperCase(), path: pathName, operation, pointer: `/paths/${pointerSegment(pathName)}/${method}` });
      }
    }
    return { file, document, version: String((document.info as JsonObject).version), operations };
  });
}

function resolveRef(document: JsonObject, value: Json): Json {
  if (!isObject(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce<Json>((node, segment) => (node as JsonObject)[segment.replace(/~1/g, '/').replace(/~0/g, '~')]!, document);
}

/** Every request-body example of an operation, with the media type the reference sends it as. */
export function requestExamples(reference: ReferenceDocument, operation: ReferenceOperation): ReferenceExample[] {
  const content = (operation.operation.requestBody as JsonObject | undefined)?.content;
  if (!isObject(content)) return [];
  return Object.entries(content).flatMap(([mediaType, entry]) => {
    const examples = (entry as JsonObject).examples;
    if (!isObject(examples)) return [];
    return Object.entries(examples).map(([name, example]) => ({
      operation,
      name,
      mediaType,
      value: (resolveRef(reference.document, example) as JsonObject).value!,
    }));
  });
}

/**
 * The media type a reference client asks for: the default of the operation's own Accept parameter where it declares one
 * (the booking API: `application/vnd.tyro.connect+json;version=0.1`), else the success answer's media type with the
 * document's version.
 */
export function acceptOf(reference: ReferenceDocument, operation: ReferenceOperation): string {
  for (const parameter of (operation.operation.parameters as Json[] | undefined) ?? []) {
    const resolved = resolveRef(reference.document, parameter) as JsonObject;
    if (resolved.in === 'header' && String(resolved.name).toLowerCase() === 'accept') {
      const schema = resolveRef(reference.document, resolved.schema ?? null) as JsonObject | null;
      if (typeof schema?.default === 'string') return schema.default;
    }
  }
  const success = Object.entries((operation.operation.responses as JsonObject) ?? {}).find(([status]) => status.startsWith('2'));
  const mediaType = success && isObject((success[1] as JsonObject).content) ? Object.keys((success[1] as JsonObject).content as JsonObject)[0] : undefined;
  return `${mediaType?.split(';')[0] ?? 'application/json'};version=${reference.version}`;
}

/** The query a reference operation's parameter examples make (placeholders and all; the caller fills them). */
export function exampleQuery(reference: ReferenceDocument, operation: ReferenceOperation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of (operation.operation.parameters as Json[] | undefined) ?? []) {
    const resolved = resolveRef(reference.document, parameter) as JsonObject;
    if (resolved.in !== 'query') continue;
    const example = resolved.example ?? (resolved.schema as JsonObject | undefined)?.example;
    if (example !== undefined && example !== null) query[String(resolved.name)] = String(example);
  }
  return query;
}

/**
 * The queries the reference names its list answers' examples after (`openSales=true&locationId=tc-cool-300`), where
 * every parameter is one the operation declares and every value one its schema allows.
 */
export function namedQueries(reference: ReferenceDocument, operation: ReferenceOperation, ajv: Ajv2020): Record<string, string>[] {
  const parameters = new Map<string, JsonObject>();
  for (const parameter of (operation.operation.parameters as Json[] | undefined) ?? []) {
    const resolved = resolveRef(reference.document, parameter) as JsonObject;
    if (resolved.in === 'query') parameters.set(String(resolved.name), resolved);
  }
  const queries: Record<string, string>[] = [];
  for (const response of Object.values((operation.operation.responses as JsonObject) ?? {})) {
    for (const entry of Object.values(((response as JsonObject).content as JsonObject | undefined) ?? {})) {
      for (const name of Object.keys(((entry as JsonObject).examples as JsonObject | undefined) ?? {})) {
        if (!name.includes('=')) continue;
        const pairs = [...new URLSearchParams(name)];
        const fits = pairs.every(([key, value]) => {
          const schema = parameters.get(key)?.schema as JsonObject | undefined;
          if (!schema) return false;
          const typed = schema.type === 'boolean' ? value === 'true' || (value === 'false' ? false : value) : schema.type === 'number' ? Number(value) : value;
          return ajv.validate(schema, typed);
        });
        if (fits) queries.push(Object.fromEntries(pairs));
      }
    }
  }
  return queries;
}

/** Validates answers against the reference's response schemas (OpenAPI 3.1: JSON Schema 2020-12). */
export class ReferenceValidator {
  readonly ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(private readonly documents: ReferenceDocument[]) {
    addFormats(this.ajv);
    for (const { file, document } of documents) this.ajv.addSchema(document, file);
  }

  /**
   * What is wrong with an answer as the reference documents `operation`: its status must be one the operation documents,
   * its media type the documented one (problem answers aside) and its body valid against the documented schema.
   */
  check(operation: ReferenceOperation, answer: { status: number; contentType: string | undefined; body: string }): string[] {
    const responses = (operation.operation.responses as JsonObject) ?? {};
    const documented = (responses[String(answer.status)] ?? responses[`${String(answer.status)[0]}XX`]) as JsonObject | undefined;
    if (!documented) return [`status ${answer.status} is not documented (documented: ${Object.keys(responses).join(', ')})`];
    const content = documented.content;
    if (!isObject(content) || Object.keys(content).length === 0) return [];
    const answered = answer.contentType?.split(';')[0]?.trim().toLowerCase();
    if (answered === 'application/problem+json') return [];
    const entry = Object.entries(content).find(([mediaType]) => mediaType.split(';')[0]!.trim().toLowerCase() === answered);
    if (!entry) return [`media type ${answer.contentType ?? '(none)'} is not the documented ${Object.keys(content).join(' or ')}`];
    const [mediaType, media] = entry;
    if (!isObject(media) || media.schema === undefined) return [];
    const pointer = `${operation.pointer}/responses/${answer.status}/content/${pointerSegment(mediaType)}/schema`;
    let validate = this.#compiled.get(`${operation.file}${pointer}`);
    if (!validate) {
      validate = this.ajv.compile(this.#localised(operation.file, media.schema) as JsonObject);
      this.#compiled.set(`${operation.file}${pointer}`, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`the body is not JSON: ${answer.body.slice(0, 200)}`];
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  }

  /** A schema of `file` whose local references (`#/components/…`) name that document. */
  #localised(file: string, schema: Json): Json {
    if (Array.isArray(schema)) return schema.map((entry) => this.#localised(file, entry));
    if (!isObject(schema)) return schema;
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${file}${value}` : this.#localised(file, value),
      ]),
    );
  }
}

export interface ReplayOutcome {
  label: string;
  status: number;
  accepted: boolean;
  problems: string[];
  body: string;
}

/**
 * Sends one reference request as a reference client would: its media type, the version it pins, its path and query,
 * its body as written (placeholders filled), and checks the answer against the reference.
 */
export async function replay(
  request: APIRequestContext,
  validator: ReferenceValidator,
  call: {
    label: string;
    operation: ReferenceOperation;
    path: string;
    token: string;
    accept: string;
    query?: Record<string, string>;
    body?: unknown;
    contentType?: string;
  },
): Promise<ReplayOutcome> {
  const query = call.query && Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : '';
  const response = await request.fetch(`/connect${call.path}${query}`, {
    method: call.operation.method,
    headers: {
      authorization: `Bearer ${call.token}`,
      accept: call.accept,
      ...(call.body === undefined ? {} : { 'content-type': call.contentType ?? 'application/json' }),
    },
    ...(call.body === undefined ? {} : { data: JSON.stringify(call.body) }),
  });
  const answer = { status: response.status(), contentType: response.headers()['content-type'], body: await response.text() };
  const problems = validator.check(call.operation, answer);
  return { label: call.label, status: answer.status, accepted: answer.status >= 200 && answer.status < 300, problems, body: answer.body };
}
