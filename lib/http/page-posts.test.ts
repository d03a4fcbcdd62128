import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { formPostRefusal, pagePostRefusal, pinToPublicUrl, replyRefusal, serverActionsOf, type PagePosts } from './page-posts';

// Stands in for a build's server-reference manifest: an action of the tables page, and one of the layout that every
// dashboard page (the catch-all included) runs.
const ADD_SECTION = '7fbeaa103989ca5e4dbf4e7673249aff69d7da3935';
const SIGN_OUT = '00176cf7d85113ada9aa8d4104cd28393333f80522';
const actions = serverActionsOf({
  [ADD_SECTION]: { workers: { 'app/dashboard/tables/page': {} } },
  [SIGN_OUT]: { workers: { 'app/dashboard/tables/page': {}, 'app/dashboard/[...missing]/page': {}, 'app/dashboard/page': {} } },
});
const ORIGIN = 'https://hub.example.com';
const pages: PagePosts = { origin: ORIGIN, actions };

const post = (headers: IncomingHttpHeaders, url = '/dashboard/tables') => ({ headers, url, method: 'POST' }) as IncomingMessage;
const MULTIPART = 'multipart/form-data; boundary=x';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe('posts to pages (server actions)', () => {
  it('refuses every origin but PUBLIC_URL’s with 403, an absent, `null` or malformed one included', () => {
    for (const origin of ['http://evil.example', 'null', 'garbage', 'https://hub.example.com:8443', 'http://hub.example.com', undefined]) {
      const refusal = pagePostRefusal(post({ origin, 'next-action': ADD_SECTION, 'content-type': MULTIPART }), '/dashboard/tables', pages);
      expect(refusal?.status, String(origin)).toBe(403);
      expect(refusal?.code).toBe('FORBIDDEN');
    }
    expect(pagePostRefusal(post({ origin: ORIGIN, 'next-action': ADD_SECTION, 'content-type': MULTIPART }), '/dashboard/tables', pages)).toBeUndefined();
  });

  it('refuses an action the page does not run with 404: unknown ids, and another page’s action', () => {
    const refused = (id: string, pathname: string) =>
      pagePostRefusal(post({ origin: ORIGIN, 'next-action': id, 'content-type': MULTIPART }), pathname, pages)?.status;
    expect(refused('7f00000000000000000000000000000000000000aa', '/dashboard/tables')).toBe(404);
    expect(refused('toString', '/dashboard/tables')).toBe(404);
    expect(refused(ADD_SECTION, '/dashboard/orders')).toBe(404);
    expect(refused(ADD_SECTION, '/login')).toBe(404);
    expect(refused(SIGN_OUT, '/dashboard/orders/x')).toBeUndefined();
    expect(refused(SIGN_OUT, '/dashboard')).toBeUndefined();
  });

  it('takes arguments sent as text (React’s reply without a form) only as a list of plain values, which the action judges', () => {
    for (const body of ['[]', '[null,null]', '[{},"x"]', '["$$5 off","$undefined"]']) expect(replyRefusal(body), body).toBeUndefined();
    for (const body of [
      'not json',
      '',
      '5',
      '"x"',
      '{}',
      '["$1"]',
      '["$K1"]',
      '[{"a":"$Q1"}]',
      '["$@1"]',
      '[{"n":"$n1x"}]',
      `[${'['.repeat(20)}${']'.repeat(20)}]`,
    ]) {
      expect(replyRefusal(body)?.status, body).toBe(400);
    }
  });

  it('takes a fetch action’s form as React sends it: the state and the form (`$K1`), or the form alone', () => {
    const refused = (root: string) => formPostRefusal(form({ 0: root, _1_name: 'Terrace' }), ADD_SECTION, '/dashboard/tables', pages)?.status;
    expect(refused('[{},"$K1"]')).toBeUndefined();
    expect(refused('["$K1"]')).toBeUndefined();
    expect(refused('[{"message":"Saved.","values":{"name":"$$5 off"},"error":"$undefined"},"$K1"]')).toBeUndefined();
    // An argument the action does not use is left out; plain values reach the action, which judges them.
    for (const root of ['["$undefined","$K1"]', '[null,null]', '[]', '[5,"$K1"]']) expect(refused(root), root).toBeUndefined();
    for (const root of ['null', '5', '{}', 'not json', '["$1"]', '[{},"$1"]', '[{"a":"$Q1"},"$K1"]', '[{},"$B1"]', '["$@1"]', '[{"n":"$n1x"},"$K1"]']) {
      expect(refused(root), root).toBe(400);
    }
    expect(refused(`[${'{"a":'.repeat(20)}1${'}'.repeat(20)},"$K1"]`)).toBe(400);
    expect(formPostRefusal(form({ _1_name: 'Terrace' }), ADD_SECTION, '/dashboard/tables', pages)?.status).toBe(400);
    expect(formPostRefusal(form({ 0: '["$K1"]', _1_name: 'Terrace' }), SIGN_OUT, '/dashboard', pages)).toBeUndefined();
  });

  it('takes a form posted before the page’s scripts ran when it names an action of the page, with a plain state bound', () => {
    const refused = (fields: Record<string, string>, pathname = '/dashboard/tables') => formPostRefusal(form(fields), undefined, pathname, pages)?.status;
    expect(refused({ [`$ACTION_ID_${ADD_SECTION}`]: '', name: 'Terrace' })).toBeUndefined();
    const bound = { $ACTION_REF_1: '', '$ACTION_1:0': JSON.stringify({ id: ADD_SECTION, bound: '$@1' }), '$ACTION_1:1': '[{}]', $ACTION_KEY: 'k1' };
    expect(refused(bound)).toBeUndefined();
    expect(refused({ [`$ACTION_ID_7f00000000000000000000000000000000000000aa`]: '' })).toBe(404);
    expect(refused({ [`$ACTION_ID_${ADD_SECTION}`]: '' }, '/dashboard/orders')).toBe(404);
    expect(refused({ ...bound, '$ACTION_1:0': JSON.stringify({ id: 'x', bound: '$@1' }) })).toBe(404);
    expect(refused({ ...bound, '$ACTION_1:0': 'not json' })).toBe(400);
    expect(refused({ ...bound, '$ACTION_1:0': JSON.stringify({ id: ADD_SECTION, bound: '$@2' }) })).toBe(400);
    expect(refused({ ...bound, '$ACTION_1:1': '[{"a":"$1"}]' })).toBe(400);
    expect(refused({ $ACTION_REF_1: '', $ACTION_REF_2: '', $ACTION_REF_3: '' })).toBe(400);
    // A multipart post that names no action is no form of the dashboard (Next would log that it found none).
    expect(refused({ name: 'Terrace' })).toBe(400);
  });
});

describe('forwarded headers', () => {
  const publicUrl = new URL('https://hub.example.com');

  it('without a trusted proxy, reads every request as one to PUBLIC_URL: its host, no forwarded host, scheme or port', () => {
    const headers: IncomingHttpHeaders = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      forwarded: 'host=evil.example',
      origin: 'http://evil.example',
    };
    pinToPublicUrl(headers, publicUrl, 0);
    expect(headers).toEqual({ host: 'hub.example.com', origin: 'http://evil.example' });
  });

  it('behind TRUST_PROXY proxies, leaves what the proxies wrote', () => {
    const headers: IncomingHttpHeaders = { host: 'backend:3000', 'x-forwarded-host': 'hub.example.com', 'x-forwarded-proto': 'https' };
    pinToPublicUrl(headers, publicUrl, 1);
    expect(headers).toEqual({ host: 'backend:3000', 'x-forwarded-host': 'hub.example.com', 'x-forwarded-proto': 'https' });
  });
});
