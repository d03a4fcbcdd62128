// Writes s../src/schema.ts from the OpenAPI document the server serves (`npm run sdk:generate`).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generatedSchemaSource } from './schema-source';

const target = fileURLToPath(new URL('../src/schema.ts', import.meta.url));
writeFileSync(target, await generatedSchemaSource());
console.log(`wrote ${target}`);
