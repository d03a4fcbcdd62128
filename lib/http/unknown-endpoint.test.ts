import { describe, expect, it } from 'vitest';
import * as unknownConnect from '@/app/connect/[[...path]]/route';
import * as unknownManage from '@/app/manage/[[...path]]/route';
import * as unknownOAuth from '@/app/oauth/[[...path]]/route';
import { callRoute } from '@/lib/testing/http';

describe('unknown paths under the API surfaces', () => {
  it.each([
    ['/connect/x', unknownConnect],
    ['/connect/orders/ord_1/nothing', unknownConnect],
    ['/manage/x', unknownManage],
    ['/oauth/x', unknownOAuth],
    ['/oauth', unknownOAuth],
  ])('%s answers 404 problem+json for every method, not the HTML page', async (path, routes) => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const body = method === 'GET' ? {} : { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'broken' };
      const response = await callRoute(routes[method], method, path, body);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('ratelimit-limit')).toBeTruthy();
      expect(await response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: `Endpoint ${path} not found.`, instance: path });
    }
  });
});
