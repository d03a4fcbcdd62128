import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedSchemaSource } from '../generate/schema-source';

describe('sdk/src/schema.ts', () => {
  it('is what openapi-typescript generates from the served OpenAPI document (run `npm run sdk:generate` after an API change)', async () => {
    const committed = readFileSync(new URL('../src/schema.ts', import.meta.url), 'utf8');
    expect(committed === (await generatedSchemaSource()), 'sdk/src/schema.ts is stale: run `npm run sdk:generate`').toBe(true);
  });
});
