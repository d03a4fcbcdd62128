/**
 * Web `Request` and `Response` objects over a body already in memory, whose common parts are plain fields, with
 * undici's own object made only when something else is asked of them (the pattern of Hono's Node adapter):
 * constructing one costs a body stream and, for a Request, an AbortController, about 20–60 µs on a partner call that
 * never touches either.
 */

type Body = Buffer | string | null;

/** undici's words when a body is read twice. */
const bodyUnusable = () => new TypeError('Body is unusable: Body has already been read');

/** Decodes as undici's text() does: UTF-8, a leading byte order mark dropped, bad bytes replaced. */
const utf8 = new TextDecoder();

/**
 * The body reads a deferred Request or Response serves itself, once each as undici's do, and the undici object it
 * makes on first need for everything else, over the same body (spent, if it was read here).
 */
export abstract class DeferredBody<T extends Request | Response> {
  readonly #body: Body;
  #undici: T | undefined;
  #used = false;

  constructor(body: Body) {
    this.#body = body;
  }

  /** Makes the undici object over `body`; called once, when something is asked that this object does not serve. */
  protected abstract makeUndici(body: Body): T;

  /** The undici object, when one was made. */
  protected get undici(): T | undefined {
    return this.#undici;
  }

  get bodyUsed(): boolean {
    return this.#undici ? this.#undici.bodyUsed : this.#used;
  }

  async text(): Promise<string> {
    if (this.#undici) return this.#undici.text();
    const body = this.#take();
    return typeof body === 'string' ? body : utf8.decode(body);
  }

  async json(): Promise<unknown> {
    return this.#undici ? this.#undici.json() : (JSON.parse(await this.text()) as unknown);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    if (this.#undici) return this.#undici.arrayBuffer();
    const body = this.#take();
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  /** The body while nothing read or streamed it, now marked read (a writer sends it as it is); otherwise undefined. */
  unreadBody(): Buffer | string | undefined {
    return this.#undici || this.#used || this.#body === null ? undefined : this.#take();
  }

  undiciObject(): T {
    if (!this.#undici) {
      this.#undici = this.makeUndici(this.#body);
      if (this.#used) void this.#undici.arrayBuffer().catch(() => {});
    }
    return this.#undici;
  }

  #take(): Buffer | string {
    if (this.#used) throw bodyUnusable();
    this.#used = this.#body !== null;
    return this.#body ?? '';
  }
}

/**
 * Makes instances of `deferred` pass for instances of `web` (`instanceof`, `Object.prototype.toString`): its own
 * members and DeferredBody's stay, every other member of `web.prototype` is answered by the undici object.
 */
export function standIn<T extends Request | Response>(deferred: { prototype: DeferredBody<T> }, web: { prototype: T; name: string }): void {
  const prototype = deferred.prototype as object;
  // The chain is about to lead to `web.prototype`: what the class inherits becomes its own first.
  for (let inherited = Object.getPrototypeOf(prototype) as object; inherited !== Object.prototype; inherited = Object.getPrototypeOf(inherited) as object) {
    for (const name of Reflect.ownKeys(inherited)) {
      if (name !== 'constructor' && !Object.hasOwn(prototype, name)) Object.defineProperty(prototype, name, Object.getOwnPropertyDescriptor(inherited, name)!);
    }
  }
  for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(web.prototype))) {
    if (name === 'constructor' || Object.hasOwn(prototype, name)) continue;
    Object.defineProperty(
      prototype,
      name,
      descriptor.get
        ? {
            get(this: DeferredBody<T>) {
              return Reflect.get(this.undiciObject(), name) as unknown;
            },
            configurable: true,
          }
        : typeof descriptor.value === 'function'
          ? {
              value(this: DeferredBody<T>, ...args: unknown[]) {
                const target = this.undiciObject();
                return (Reflect.get(target, name) as (...args: unknown[]) => unknown).apply(target, args);
              },
              writable: true,
              configurable: true,
            }
          : descriptor,
    );
  }
  Object.defineProperty(prototype, Symbol.toStringTag, { value: web.name, configurable: true });
  Object.setPrototypeOf(prototype, web.prototype);
}
