type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
  default?: unknown;
  format?: string;
};

const refName = (ref: string) => ref.split('/').pop() ?? ref;

function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeLabel).join(' | ');
  if (schema.type === 'array' && schema.items) return `${typeLabel(schema.items)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  return schema.format ? `${type} (${schema.format})` : type;
}

function constraints(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (schema.minLength !== undefined) notes.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) notes.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) notes.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) notes.push(`≤ ${schema.maximum}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  return notes;
}

/** A schema's fields as a nested list: name, type, required, constraints and description. */
export function SchemaView({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const objectSchema: JsonSchema = schema.allOf
    ? { properties: Object.assign({}, ...schema.allOf.map((part) => part.properties ?? {})) as Record<string, JsonSchema> }
    : schema;
  const element = schema.type === 'array' && schema.items ? schema.items : undefined;
  if (element) return <SchemaView schema={element} depth={depth} />;
  if (!objectSchema.properties || depth > 4) {
    return <code className="text-xs text-stone-600">{typeLabel(schema)}</code>;
  }
  return (
    <ul className={`space-y-1 ${depth ? 'ml-4 border-l border-stone-200 pl-3' : ''}`}>
      {Object.entries(objectSchema.properties).map(([name, property]) => (
        <li key={name} className="text-sm">
          <code className="font-semibold text-stone-900">{name}</code> <code className="text-xs text-brand-700">{typeLabel(property)}</code>
          {schema.required?.includes(name) ? <span className="ml-1 text-xs text-red-700">required</span> : null}
          {constraints(property).length ? <span className="ml-1 text-xs text-stone-500">({constraints(property).join(', ')})</span> : null}
          {property.description ? <p className="text-xs text-stone-600">{property.description}</p> : null}
          {property.properties || property.items?.properties ? <SchemaView schema={property} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

export type { JsonSchema };
