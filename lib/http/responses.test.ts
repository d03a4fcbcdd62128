import { describe, expect, it } from 'vitest';
import { deferredText, json, noContent } from './responses';

/** What a reader can learn of a Response, reading its body the way `read` does. */
async function observed(response: Response, read: (response: Response) => Promise<unknown>) {
  const body = await read(response);
  const again = await response.text().then(
    () => 'read twice',
    (error: Error) => `${error.name}: ${error.message}`,
  );
  return {
    isResponse: response instanceof Response,
    tag: Object.prototype.toString.call(response),
    status: response.status,
    ok: response.ok,
    statusText: response.statusText,
    type: response.type,
    headers: [...response.headers],
    body,
    again,
    used: response.bodyUsed,
  };
}

const data = { name: 'Café', items: [1, 2] };
const undici = () => new Response(JSON.stringify(data), { status: 201, headers: { 'content-type': 'application/json', etag: '"1"' } });
const ours = () => json(data, 201, { etag: '"1"' });

describe('a JSON answer', () => {
  it('reads as an undici Response over the same text does, however it is read', async () => {
    const reads: ((response: Response) => Promise<unknown>)[] = [
      (response) => response.json(),
      (response) => response.text(),
      async (response) => Buffer.from(await response.arrayBuffer()).toString(),
      async (response) => (await response.blob()).text(),
      async (response) => {
        const reader = response.body!.getReader();
        const chunks: Uint8Array[] = [];
        for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
        return Buffer.concat(chunks).toString();
      },
      async (response) => {
        const copy = response.clone();
        return [await copy.json(), await response.json()];
      },
    ];
    for (const read of reads) expect(await observed(ours(), read)).toEqual(await observed(undici(), read));
  });

  it('keeps headers set after it was made, before and after the undici Response is', async () => {
    const response = ours();
    response.headers.set('x-request-id', 'req-1');
    expect(response.type).toBe('default');
    response.headers.set('api-version', '1.0');
    expect(Object.fromEntries(response.clone().headers)).toMatchObject({ 'x-request-id': 'req-1', 'api-version': '1.0', etag: '"1"' });
  });

  it('hands its text to a writer once, and only while nothing else read or streamed it', async () => {
    const fresh = ours();
    expect(deferredText(fresh)).toBe(JSON.stringify(data));
    expect(fresh.bodyUsed).toBe(true);
    expect(deferredText(fresh)).toBeUndefined();
    const cloned = ours();
    cloned.clone();
    expect(deferredText(cloned)).toBeUndefined();
    expect(await cloned.json()).toEqual(data);
    expect(deferredText(undici())).toBeUndefined();
  });

  it('refuses what undici refuses: a body on a 204', () => {
    expect(() => json({}, 204)).toThrow(TypeError);
  });
});

describe('an empty 204 answer', () => {
  it('reads as an undici 204 does, however it is read', async () => {
    const reads: ((response: Response) => Promise<unknown>)[] = [
      (response) => response.text(),
      async (response) => Buffer.from(await response.arrayBuffer()).byteLength,
      async (response) => response.body,
      async (response) => response.clone().text(),
      (response) => response.json().catch((error: Error) => error.name),
    ];
    const undici = () => new Response(null, { status: 204 });
    for (const read of reads) expect(await observed(noContent(), read)).toEqual(await observed(undici(), read));
  });

  it('hands a writer an empty text, with the headers set on it', () => {
    const response = noContent();
    response.headers.set('x-request-id', 'req-1');
    expect(deferredText(response)).toBe('');
    expect([...response.headers]).toEqual([['x-request-id', 'req-1']]);
  });
});
