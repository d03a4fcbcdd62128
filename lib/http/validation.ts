import type { z } from 'zod';
import { type FieldError, validationFailed } from './errors';

type Segment = FieldError['segment'];

export function issuesToFieldErrors(segment: Segment, issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    segment,
    path: issue.path.length ? issue.path.map(String).join('.') : '',
    message: issue.message,
  }));
}

/**
 * Validates each segment against its schema and reports every violation of every segment together
 * (CONTRACT §5), instead of stopping at the first one.
 */
export function validateSegments<T extends Partial<Record<Segment, z.ZodType>>>(
  schemas: T,
  values: Partial<Record<Segment, unknown>>,
): { [K in keyof T]: T[K] extends z.ZodType ? z.output<T[K]> : never } {
  const errors: FieldError[] = [];
  const output: Record<string, unknown> = {};
  for (const [segment, schema] of Object.entries(schemas) as [Segment, z.ZodType | undefined][]) {
    if (!schema) continue;
    const result = schema.safeParse(values[segment]);
    if (result.success) output[segment] = result.data;
    else errors.push(...issuesToFieldErrors(segment, result.error.issues));
  }
  if (errors.length) throw validationFailed(errors);
  return output as never;
}

/** Query parameters as an object; a name that repeats becomes an array. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    result[key] = values.length > 1 ? values : values[0]!;
  }
  return result;
}
