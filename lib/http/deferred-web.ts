/**
 * Web `Request` and `Response` objects whose common parts are plain fields, with undici's own object made only when
 * something else is asked of them (the pattern of Hono's Node adapter): constructing one costs a body stream and, for
 * a Request, an AbortController, about 20–60 µs per call on a partner call that never touches either.
 */

/** The method by which a deferred object makes (once) and answers the undici object it stands for. */
export const undiciObject = Symbol('the undici object');

export interface Deferred<T> {
  [undiciObject](): T;
}

/**
 * Makes instances of `deferred` pass for instances of `web` (`instanceof`, `Object.prototype.toString`): every member
 * of `web.prototype` that `deferred.prototype` does not define itself is answered by the undici object.
 */
export function standIn<T extends object>(deferred: { prototype: Deferred<T> }, web: { prototype: T; name: string }): void {
  for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(web.prototype))) {
    if (name === 'constructor' || Object.hasOwn(deferred.prototype, name)) continue;
    Object.defineProperty(
      deferred.prototype,
      name,
      descriptor.get
        ? {
            get(this: Deferred<T>) {
              return Reflect.get(this[undiciObject](), name) as unknown;
            },
            configurable: true,
          }
        : typeof descriptor.value === 'function'
          ? {
              value(this: Deferred<T>, ...args: unknown[]) {
                const target = this[undiciObject]();
                return (Reflect.get(target, name) as (...args: unknown[]) => unknown).apply(target, args);
              },
              writable: true,
              configurable: true,
            }
          : descriptor,
    );
  }
  Object.defineProperty(deferred.prototype, Symbol.toStringTag, { value: web.name, configurable: true });
  Object.setPrototypeOf(deferred.prototype, web.prototype);
}

/** undici's words when a body is read twice. */
export const bodyUnusable = () => new TypeError('Body is unusable: Body has already been read');

/** Decodes as undici's text() does: UTF-8, a leading byte order mark dropped, bad bytes replaced. */
export const utf8 = new TextDecoder();
