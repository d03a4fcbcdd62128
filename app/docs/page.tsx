import type { Metadata } from 'next';
import { apiDocument } from '@/app/connect/openapi.json/operations';
import { SchemaView, type JsonSchema } from '@/components/docs/schema-view';
import { config } from '@/lib/config';
import { errorCatalogue } from '@/lib/http/errors';
import { apiVersions, describeVersions } from '@/lib/api/versions';
import { changelog } from './changelog';
import { emittedEvents, eventsCatalogue } from './events-catalogue';
import { operationExamples } from './examples';
import { CodeBlock, Markdown } from './markdown';
import { QuickStart } from './quick-start';

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
/** The interface (and so the versions) of each tag (docs/contract.md#versions). */
const versionsOfTag: Record<string, keyof typeof apiVersions> = {
  Ordering: 'ordering',
  Tables: 'tables',
  Sales: 'sales',
  Booking: 'booking',
  Events: 'events',
  Locations: 'locations',
};

const statusMeaning: Record<number, string> = {
  400: 'Invalid input; every violation is listed in `errors`.',
  401: 'Missing, invalid, expired or revoked token.',
  403: 'The partner type or its connections do not allow this.',
  404: "Not found, or another tenant's.",
  405: 'Wrong method; `Allow` names the right ones.',
  406: 'Unsupported version (named by `Accept`, or by `Content-Type` when `Accept` names none).',
  409: 'Conflicts with the current state (illegal status change, already decided, table with open sales, same id different content).',
  412: 'Stale `version` (sales): read again and retry.',
  413: 'Body over 1 MiB.',
  415: 'Not JSON: send `application/json` or another `+json` type (`application/vnd.tyro.connect+json`), or `application/merge-patch+json` where an update takes it.',
  422: 'Well-formed, but refers to something unknown.',
  429: 'Rate limited; wait `Retry-After` seconds.',
  500: 'Unexpected error; quote the `requestId`.',
  503: 'Database unavailable; retry after `Retry-After`.',
};

/** Codes whose meaning says more than their status's. */
const codeMeaning: Record<string, string> = {
  ORDER_STATUS_CONFLICT:
    'The order cannot take that status: it is final (`REJECTED`, `CANCELLED_*`, `FULFILLED`), it was rejected automatically (`statusInfo: AUTO_REJECTED_BY_TIMEOUT`: no further update, not even `REJECTED`), or the status does not apply to it (`OUT_FOR_DELIVERY` on a `PICK_UP` or `DINE_IN` order, `FULFILLED` on a `DELIVERY` order or one out for delivery). `error` says which.',
};

export default function DocsPage() {
  const publicUrl = config().PUBLIC_URL;
  const examples = operationExamples();
  const codesByStatus = new Map<number, string[]>();
  for (const [code, status] of errorCatalogue()) codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  const document = apiDocument() as unknown as {
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
      {document.info.description ? <Markdown className="mt-2 max-w-3xl text-stone-700" text={document.info.description} /> : null}
      <p className="mt-2 text-sm text-stone-600">
        Base URL <code>{document.servers?.[0]?.url}</code> · machine-readable document at{' '}
        <a className="text-brand-700 underline" href="/connect/openapi.json">
          /connect/openapi.json
        </a>
      </p>
      <nav className="mt-6 flex flex-wrap gap-2 text-sm">
        {['quick-start', 'events', 'rate-limits', 'versions'].map((anchor) => (
          <a key={anchor} href={`#${anchor}`} className="rounded-full bg-brand-50 px-3 py-1 shadow-sm ring-1 ring-stone-200 hover:bg-stone-100">
            {anchor.replace('-', ' ').replace(/^./, (letter) => letter.toUpperCase())}
          </a>
        ))}
        {tags.map((tag) => (
          <a key={tag} href={`#${tag}`} className="rounded-full bg-white px-3 py-1 shadow-sm ring-1 ring-stone-200 hover:bg-stone-100">
            {tag}
          </a>
        ))}
        <a href="#errors" className="rounded-full bg-white px-3 py-1 shadow-sm ring-1 ring-stone-200 hover:bg-stone-100">
          Errors
        </a>
      </nav>
      <QuickStart publicUrl={publicUrl} />
      {tags.map((tag) => (
        <section key={tag} id={tag} className="mt-10">
          <h2 className="border-b border-stone-200 pb-2 text-xl font-semibold">{tag}</h2>
          {operations
            .filter((entry) => entry.tag === tag)
            .map(({ path, method, operation }) => {
              const body = operation.requestBody?.content && Object.values(operation.requestBody.content)[0]?.schema;
              const example = examples.get(`${method} ${path}`);
              const versions: keyof typeof apiVersions | undefined = versionsOfTag[tag] ?? (tag.startsWith('Loyalty') ? 'loyalty' : undefined);
              const errorStatuses = Object.keys(operation.responses ?? {})
                .map(Number)
                .filter((status) => status >= 400);
              return (
                <article key={`${method} ${path}`} className="mt-6 rounded-lg border border-stone-200 bg-white p-5 shadow-sm">
                  <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
                    <span className={`rounded px-2 py-0.5 text-xs font-bold uppercase ${methodTone[method] ?? 'bg-stone-100'}`}>{method}</span>
                    <span className="break-all">{path}</span>
                  </h3>
                  {operation.summary ? <p className="mt-2 font-medium">{operation.summary}</p> : null}
                  {operation.description ? <Markdown className="mt-1 text-sm text-stone-700" text={operation.description} /> : null}
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-stone-600">
                    {versions ? (
                      <>
                        <dt className="font-semibold">Versions</dt>
                        <dd>{describeVersions(versions)}</dd>
                      </>
                    ) : null}
                    {emittedEvents[`${method} ${path}`] ? (
                      <>
                        <dt className="font-semibold">Emits</dt>
                        <dd>{emittedEvents[`${method} ${path}`]}</dd>
                      </>
                    ) : null}
                  </dl>
                  {operation.parameters?.length ? (
                    <div className="mt-3">
                      <h4 className="text-xs font-semibold text-stone-500 uppercase">Parameters</h4>
                      <ul className="mt-1 space-y-1 text-sm">
                        {operation.parameters.map((parameter) => (
                          <li key={`${parameter.in}:${parameter.name}`}>
                            <code className="font-semibold">{parameter.name}</code> <span className="text-xs text-stone-500">in {parameter.in}</span>
                            {parameter.required ? <span className="ml-1 text-xs text-red-700">required</span> : null}
                            {parameter.description ? <Markdown inline className="ml-2 text-xs text-stone-600" text={parameter.description} /> : null}
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
                  {example?.request ? (
                    <CodeBlock label={`Request example (${example.request.contentType})`} code={JSON.stringify(example.request.example, null, 2)} />
                  ) : null}
                  <div className="mt-3">
                    <h4 className="text-xs font-semibold text-stone-500 uppercase">Responses</h4>
                    <ul className="mt-1 space-y-0.5 text-sm">
                      {Object.entries(operation.responses ?? {}).map(([status, response]) => (
                        <li key={status}>
                          <code className="font-semibold">{status}</code> <Markdown inline className="text-stone-700" text={response.description ?? ''} />
                          {Number(status) >= 400 && codesByStatus.get(Number(status)) ? (
                            <span className="ml-2 font-mono text-xs text-stone-500">{codesByStatus.get(Number(status))!.join(', ')}</span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                    {errorStatuses.length ? (
                      <p className="mt-1 text-xs text-stone-500">
                        Errors are problem details; see{' '}
                        <a className="underline" href="#errors">
                          Errors
                        </a>{' '}
                        for each code.
                      </p>
                    ) : null}
                  </div>
                  {example?.response ? (
                    <CodeBlock label={`Response example (${example.response.status})`} code={JSON.stringify(example.response.example, null, 2)} />
                  ) : null}
                </article>
              );
            })}
        </section>
      ))}
      <section id="events" className="mt-10">
        <h2 className="border-b border-stone-200 pb-2 text-xl font-semibold">Events</h2>
        <p className="mt-2 text-sm text-stone-700">
          The same JSON arrives by webhook, over the POS WebSocket and from <code>GET /connect/events?after=</code>. <code>data.version</code> counts the
          resource&apos;s changes, so a receiver can drop a stale event. The partner whose own request caused a change is left out; changes by the system or in
          the dashboard go to every receiver.
        </p>
        {eventsCatalogue(`${publicUrl}/connect`).map((entry) => (
          <article key={entry.type} id={entry.type} className="mt-4 rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
            <h3 className="font-mono text-sm font-semibold">{entry.type}</h3>
            <Markdown inline className="text-sm text-stone-700" text={entry.meaning} />
            <p className="text-xs text-stone-500">Received by: {entry.receivers}</p>
            <CodeBlock code={JSON.stringify(entry.example, null, 2)} />
          </article>
        ))}
      </section>
      <section id="rate-limits" className="mt-10">
        <h2 className="border-b border-stone-200 pb-2 text-xl font-semibold">Rate limits</h2>
        <ul className="mt-2 list-disc pl-5 text-sm text-stone-700">
          <li>Partner API and management API: {config().RATE_LIMIT_PER_MINUTE} requests a minute per client (per address without a token).</li>
          <li>Token endpoint: {config().TOKEN_RATE_LIMIT_PER_MINUTE} requests a minute per client.</li>
          <li>This reference: {config().RATE_LIMIT_PER_MINUTE} requests a minute per address.</li>
          <li>
            Every answer carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds); a{' '}
            <code>429 RATE_LIMITED</code> also names <code>Retry-After</code>. A <code>503</code> (database unavailable) names <code>Retry-After</code> too. The
            SDK waits and re-sends both.
          </li>
        </ul>
      </section>
      <section id="versions" className="mt-10">
        <h2 className="border-b border-stone-200 pb-2 text-xl font-semibold">Versions and changelog</h2>
        <p className="mt-2 text-sm text-stone-700">
          Pick a version with the <code>version</code> parameter of <code>Accept</code> (<code>application/json; version=1.1</code>), or of{' '}
          <code>Content-Type</code> when <code>Accept</code> names none (<code>Accept</code> wins when both do); answers name the version answered in{' '}
          <code>Api-Version</code>; an unsupported one is <code>406</code> listing the supported ones. The versions the Tyro Connect reference pins are answered
          as the version whose shape they share, and <code>Api-Version</code> names that one:
        </p>
        <ul className="mt-2 list-disc pl-5 text-sm text-stone-700">
          {(Object.keys(apiVersions) as (keyof typeof apiVersions)[]).map((api) => (
            <li key={api}>
              <span className="capitalize">{api}</span>: {describeVersions(api)}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-stone-700">
          Bodies may be <code>application/json</code> or any <code>+json</code> type, such as the reference&apos;s{' '}
          <code>application/vnd.tyro.connect+json;version=1.0</code>; a JSON answer comes as <code>application/vnd.tyro.connect+json;version=…</code> when{' '}
          <code>Accept</code> prefers it.
        </p>
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-xs text-stone-500 uppercase">
              <th className="py-2 pr-4">Interface</th>
              <th className="py-2 pr-4">Version</th>
              <th className="py-2">Change</th>
            </tr>
          </thead>
          <tbody>
            {changelog.map((entry, index) => (
              // Keyed by place, not by its text: a key is sent as written, so Markdown in it would reach the page raw.
              <tr key={`${entry.api} ${entry.version} ${index}`} className="border-b border-stone-100 align-top">
                <td className="py-1.5 pr-4">{entry.api}</td>
                <td className="py-1.5 pr-4 font-mono">{entry.version}</td>
                <td className="py-1.5">
                  <Markdown inline text={entry.change} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section id="errors" className="mt-10">
        <h2 className="border-b border-stone-200 pb-2 text-xl font-semibold">Errors</h2>
        <p className="mt-2 text-sm text-stone-700">
          Every error is <code>application/problem+json</code> with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, a stable{' '}
          <code>code</code>, the message in <code>error</code>, and for validation failures every violation in <code>errors</code> as{' '}
          <code>{'{segment, path, message}'}</code>.
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-200 text-xs text-stone-500 uppercase">
              <th className="py-2 pr-4">Code</th>
              <th className="py-2 pr-4">Status</th>
              <th className="py-2">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {errorCatalogue().map(([code, status]) => (
              <tr key={code} id={code} className="border-b border-stone-100">
                <td className="py-1.5 pr-4 font-mono">{code}</td>
                <td className="py-1.5 pr-4">{status}</td>
                <td className="py-1.5 text-stone-700">
                  {(codeMeaning[code] ?? statusMeaning[status]) ? <Markdown inline text={codeMeaning[code] ?? statusMeaning[status]!} /> : null}
                </td>
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
