import { describe, expect, it } from 'vitest';
import { apiDocument } from '@/app/connect/openapi.json/operations';
import { operationExamples } from './examples';

describe('docs examples', () => {
  const examples = [...operationExamples().values()];

  it('exist for every operation of the OpenAPI document, with a request example wherever there is a body', () => {
    const document = apiDocument() as unknown as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue;
        const example = operationExamples().get(`${method} ${path}`);
        expect(example, `${method} ${path}`).toBeDefined();
        if (operation.requestBody) expect(example!.request, `${method} ${path} request`).toBeDefined();
      }
    }
  });

  it.each(examples.filter((entry) => entry.request).map((entry) => [`${entry.method} ${entry.path}`, entry] as const))(
    '%s: the request example passes its schema',
    (_key, entry) => {
      const result = entry.request!.schema.safeParse(entry.request!.example);
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    },
  );

  it.each(examples.filter((entry) => entry.response).map((entry) => [`${entry.method} ${entry.path}`, entry] as const))(
    '%s: the response example passes its schema',
    (_key, entry) => {
      const result = entry.response!.schema.safeParse(entry.response!.example);
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    },
  );
});
