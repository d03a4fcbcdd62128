import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import path from 'node:path';
import { logger } from '@/lib/log';
import { ApiError } from './errors';
import { routeMatcher } from './route-patterns';

/** The server actions of a build: what Next's server-reference manifest lists, and the pages that run each. */
export interface ServerActions {
  /** Whether the action `id` runs on the page at `pathname` (the page's module imports it, or its layout's does). */
  runsAt(id: string, pathname: string): boolean;
}

/**
 * What a POST to a page (a server action: Next reads its id from `Next-Action`, or a form's `$ACTION_…` fields) must
 * meet before Next sees it.
 */
export interface PagePosts {
  /** PUBLIC_URL's origin, the dashboard's: the only one a page accepts a POST from. */
  origin: string;
  /** The build's server actions; absent (`next dev`, which compiles them on demand), Next alone judges an id. */
  actions?: ServerActions;
}

type ManifestEntries = Record<string, { workers?: Record<string, unknown> }>;

/** The server actions Next built (`.next/server/server-reference-manifest.json`), or undefined without a build. */
export function serverActionsOfBuild(distDir: string): ServerActions | undefined {
  const manifestPath = path.join(distDir, 'server', 'server-reference-manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { node?: ManifestEntries; edge?: ManifestEntries };
  return serverActionsOf({ ...manifest.edge, ...manifest.node });
}

/** Actions by id, each with the workers (`app/dashboard/tables/page`) that run it, as the manifest lists them. */
export function serverActionsOf(entries: ManifestEntries): ServerActions {
  const actionsOfPage = new Map<string, Set<string>>();
  for (const [id, entry] of Object.entries(entries)) {
    for (const worker of Object.keys(entry.workers ?? {})) {
      const page = worker.replace(/^app/, '').replace(/\/page$/, '') || '/';
      if (!actionsOfPage.has(page)) actionsOfPage.set(page, new Set());
      actionsOfPage.get(page)!.add(id);
    }
  }
  const pages = routeMatcher(actionsOfPage);
  return { runsAt: (id, pathname) => pages.match(pathname)?.value.has(id) ?? false };
}

/**
 * Why a POST to a page is refused before Next sees it, or undefined to hand it on (its body is judged once read, by
 * `formPostRefusal` or `replyRefusal`). A server action runs with the session's cookie, so it is taken from the dashboard's own
 * origin only: a browser sends `Origin` with every POST, and any other origin (or none, or `null`) is a cross-site
 * request. Next would compare `Origin` with `Host` or `X-Forwarded-Host`, which the client writes, and answer a
 * mismatch (or an `Origin` that is no URL) with a 500 and a stack trace; it logs an unknown action id with one too.
 */
export function pagePostRefusal(request: IncomingMessage, pathname: string, pages: PagePosts): ApiError | undefined {
  if (request.headers.origin !== pages.origin) return new ApiError('FORBIDDEN', `Pages accept form posts from ${pages.origin} only.`);
  const actionId = request.headers['next-action'];
  if (actionId === undefined) return undefined;
  // Next would hand an action of another page to that page with a request to itself, or fail to find it.
  if (pages.actions && !pages.actions.runsAt(actionId as string, pathname)) return unknownAction();
  return undefined;
}

/** A refused post to a page, logged as one line: the client's error, without a stack. */
export function loggedRefusal(request: IncomingMessage, refusal: ApiError): ApiError {
  logger().warn(
    {
      requestId: request.headers['x-request-id'],
      origin: request.headers.origin?.slice(0, 200),
      path: request.url?.slice(0, 200),
      code: refusal.code,
      detail: refusal.message,
    },
    'page post refused',
  );
  return refusal;
}

const unknownAction = () => new ApiError('NOT_FOUND', 'This page has no such server action in this version of Counterpart; reload the page.');
const notAForm = () => new ApiError('BAD_REQUEST', 'A server action takes the arguments its page sends; this body is not them.');

// React's reply encoding (encodeReply in react-server-dom): a string that starts with `$` refers to another part of the
// reply; plain text starting with `$` is escaped as `$$…`, and `$undefined` stands for undefined. `$K<n>` is a FormData
// whose fields are the parts named `_<n>_…`; `$@<n>` (in a form's bound arguments) the part `<n>`.
const PLAIN_DOLLAR = /^\$(?:\$|undefined$)/;
const FORM_DATA = /^\$K[0-9a-f]{1,8}$/;
const PART = /^\$@([0-9a-f]{1,8})$/;
const ACTION_ID_FIELD = '$ACTION_ID_';
const ACTION_REF_FIELD = '$ACTION_REF_';
// A form's state is a few fields deep; anything deeper is no form's.
const MAX_STATE_DEPTH = 8;

/**
 * Why a fetch action's body, when it is not multipart, is refused: React sends arguments without a form (an action
 * that uses none of its arguments gets `[]`) as one JSON list, and decodes it before the action runs; a list whose
 * items are plain values reaches the action, which judges them (`requireFormArguments`). Anything else (no JSON, no
 * list, a reference to a part that is not there) would fail in the decoding with a 500 and a stack trace.
 */
export function replyRefusal(body: string): ApiError | undefined {
  let root: unknown;
  try {
    root = JSON.parse(body);
  } catch {
    return notAForm();
  }
  return Array.isArray(root) && root.every((item) => isPlain(item)) ? undefined : notAForm();
}

/**
 * Why a multipart POST to a page is refused, or undefined when it is what the dashboard's forms send. React decodes a
 * server action's arguments from the body before the action runs, and a reference to a part that is not there, a
 * root that is no list, or text that is no JSON fails there with a 500 and a stack trace. The dashboard's actions
 * take `(state, form)` (or the form alone): a fetch action's root part (`0`) lists plain values (no references) and
 * forms (`$K<n>`); a form posted before the page's scripts ran (no `Next-Action`) names its action in
 * `$ACTION_ID_<id>` or, with its state bound, in `$ACTION_REF_<n>` / `$ACTION_<n>:0` (`{"id", "bound": "$@1"}`). A
 * multipart POST that names no action is no form of the dashboard either.
 */
export function formPostRefusal(form: FormData, actionId: string | undefined, pathname: string, pages: PagePosts): ApiError | undefined {
  if (actionId !== undefined) {
    const root = jsonPart(form, '0');
    const isArgument = (item: unknown) => (typeof item === 'string' && FORM_DATA.test(item)) || isPlain(item);
    return Array.isArray(root) && root.every(isArgument) ? undefined : notAForm();
  }
  let references = 0;
  let actions = 0;
  for (const name of form.keys()) {
    if (name.startsWith(ACTION_ID_FIELD)) {
      actions++;
      if (pages.actions && !pages.actions.runsAt(name.slice(ACTION_ID_FIELD.length), pathname)) return unknownAction();
    } else if (name.startsWith(ACTION_REF_FIELD)) {
      actions++;
      // React renders one per form, and one more for a submit button with an action of its own.
      if (++references > 2) return notAForm();
      const refusal = boundActionRefusal(form, `$ACTION_${name.slice(ACTION_REF_FIELD.length)}:`, pathname, pages);
      if (refusal) return refusal;
    }
  }
  // Pages take no other posts: Next would look for an action in it and log that it found none.
  return actions ? undefined : notAForm();
}

function boundActionRefusal(form: FormData, prefix: string, pathname: string, pages: PagePosts): ApiError | undefined {
  if (form.getAll(`${prefix}0`).length !== 1) return notAForm();
  const meta = jsonPart(form, `${prefix}0`);
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return notAForm();
  const { id, bound } = meta as { id?: unknown; bound?: unknown };
  if (typeof id !== 'string') return notAForm();
  if (pages.actions && !pages.actions.runsAt(id, pathname)) return unknownAction();
  if (bound === null || bound === undefined) return undefined;
  const part = typeof bound === 'string' ? PART.exec(bound) : null;
  if (!part) return notAForm();
  const args = jsonPart(form, `${prefix}${Number.parseInt(part[1]!, 16)}`);
  return Array.isArray(args) && args.every((arg) => isPlain(arg)) ? undefined : notAForm();
}

/** The part `name` parsed as JSON, or undefined when it is missing, a file, or not JSON. */
function jsonPart(form: FormData, name: string): unknown {
  const value = form.get(name);
  if (typeof value !== 'string') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** A value as React sends a form's state back: plain JSON, with no reference to another part. */
function isPlain(state: unknown): boolean {
  const pending: [unknown, number][] = [[state, 0]];
  while (pending.length) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.startsWith('$') && !PLAIN_DOLLAR.test(value)) return false;
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_STATE_DEPTH) return false;
      for (const item of Object.values(value)) pending.push([item, depth + 1]);
    }
  }
  return true;
}

/**
 * Without a trusted proxy in front (TRUST_PROXY=0) the client writes `Host` and `X-Forwarded-Host`/`-Proto`/`-Port`,
 * and Next and Auth.js build URLs (redirects, the origin a server action is checked against) from them. The request
 * is made to read as one to PUBLIC_URL: its host there, the forwarded headers dropped (Next fills them in from the
 * connection). Behind TRUST_PROXY proxies they are the proxies' and are left as they are.
 */
export function pinToPublicUrl(headers: IncomingHttpHeaders, publicUrl: URL, trustProxy: number): void {
  if (trustProxy > 0) return;
  headers.host = publicUrl.host;
  for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded']) {
    if (headers[name] !== undefined) delete headers[name];
  }
}
