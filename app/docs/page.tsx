import type { Metadata } from 'next';
import { SchemaView, type JsonSchema } from '@/components/docs/schema-view';
import { openApiDocument } from '@/lib/http/openapi';
import { errorCatalogue } from '@/lib/http/errors';

export const metadata: Metadata = { title: 'API reference' };
export const dynamic = 'force-dynamic';

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};

const methodTone: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800',
  post: 'bg-emerald-100 text-emerald-800',
  patch: 'bg-amber-100 text-amber-800',
  put: 'bg-amber-100 text-amber-800',
  delete: 'bg-red-100 text-red-800',
};

/** A readable reference of /connect/openapi.json, generated from the schemas that validate requests. */
export default function DocsPage() {
  const document = openApiDocument() as unknown as {
    info: { title: string; description?: string };
    servers?: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation, tag: operation.tags?.[0] ?? 'Other' })),
  );
  const tags = [...new Set(operations.map((entry) => entry.tag))];
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Counterpart</p>
      <h1 className="text-3xl font-semibold">{document.info.title}</h1>
      <p className="mt-2 max-w-3xl text-stone-700">{document.info.description}</p>
      <p className="mt-2 text-sm text-stone-600">
        Base URL <code>{document.servers?.[0]?.url}</code> · machine-readable document at{' '}
        <a className="text-brand-700 underline" href="/connect/openapi.json">
          /connect/openapi.json
        </a>
      </p>
      <nav className="mt-6 flex flex-wrap gap-2 text-sm">
        {tags.map((tag) => (
          <a key={tag} href={`#${tag}`} className="rounded-full bg-white px-3 py-1 shadow-sm ring-1 ring-stone-200 hover:bg-stone-100">
            {tag}
          </a>
        ))}
        <a href="#errors" className="rounded-full bg-white px-3 py-1 shadow-sm ring-1 ring-stone-200 hover:bg-stone-100">
          Errors
        </a>
      </nav>
      {tags.map((tag) => (
        <section key={tag} id={tag} className="mt-10">
          <h2 className="border-b border-stone-200 pb-2 text-xl font-semibold">{tag}</h2>
          {operations
            .filter((entry) => entry.tag === tag)
            .map(({ path, method, operation }) => {
              const body = operation.requestBody?.content && Object.values(operation.requestBody.content)[0]?.schema;
              return (
                <article key={`${method} ${path}`} className="mt-6 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
                  <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
                    <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${methodTone[method] ?? 'bg-stone-100'}`}>{method}</span>
                    <span className="break-all">{path}</span>
                  </h3>
                  {operation.summary ? <p className="mt-2 font-medium">{operation.summary}</p> : null}
                  {operation.description ? <p className="mt-1 text-sm whitespace-pre-line text-stone-700">{operation.description}</p> : null}
                  {operation.parameters?.length ? (
                    <div className="mt-3">
                      <h4 className="text-xs font-semibold text-stone-500 uppercase">Parameters</h4>
                      <ul className="mt-1 space-y-1 text-sm">
                        {operation.parameters.map((parameter) => (
                          <li key={`${parameter.in}:${parameter.name}`}>
                            <code className="font-semibold">{parameter.name}</code> <span className="text-xs text-stone-500">in {parameter.in}</span>
                            {parameter.required ? <span className="ml-1 text-xs text-red-700">required</span> : null}
                            {parameter.description ? <span className="ml-2 text-xs text-stone-600">{parameter.description}</span> : null}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                  {body ? (
                    <div className="mt-3">
                      <h4 className="text-xs font-semibold text-stone-500 uppercase">Request body</h4>
                      <div className="mt-1">
                        <SchemaView schema={resolve(body, document.components?.schemas)} />
                      </div>
                    </div>
                  ) : null}
                  <div className="mt-3">
                    <h4 className="text-xs font-semibold text-stone-500 uppercase">Responses</h4>
                    <ul className="mt-1 space-y-0.5 text-sm">
                      {Object.entries(operation.responses ?? {}).map(([status, response]) => (
                        <li key={status}>
                          <code className="font-semibold">{status}</code> <span className="text-stone-700">{response.description}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                </article>
              );
            })}
        </section>
      ))}
      <section id="errors" className="mt-10">
        <h2 className="border-b border-stone-200 pb-2 text-xl font-semibold">Errors</h2>
        <p className="mt-2 text-sm text-stone-700">
          Every error is <code>application/problem+json</code> with <code>type</code>, <code>title</code>, <code>status</code>,{' '}
          <code>detail</code>, a stable <code>code</code>, the message in <code>error</code>, and for validation failures every violation in{' '}
          <code>errors</code> as <code>{'{segment, path, message}'}</code>.
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-xs text-stone-500 uppercase">
              <th className="py-2">Code</th>
              <th className="py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {errorCatalogue().map(([code, status]) => (
              <tr key={code} id={code} className="border-b border-stone-100">
                <td className="py-1.5 font-mono">{code}</td>
                <td className="py-1.5">{status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}

function resolve(schema: JsonSchema, components: Record<string, JsonSchema> | undefined): JsonSchema {
  return schema.$ref ? (components?.[schema.$ref.split('/').pop()!] ?? schema) : schema;
}
