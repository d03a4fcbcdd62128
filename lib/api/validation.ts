import { z } from 'zod';
import { ApiError, type FieldError, type KnownErrorCode, validationFailed } from '@/lib/errors';

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
 * (docs/contract.md#errors), instead of stopping at the first one.
 */
export function validateSegments<T extends Partial<Record<Segment, z.ZodType>>>(
  schemas: T,
  values: Partial<Record<Segment, unknown>>,
): { [K in keyof T]: T[K] extends z.ZodType ? z.output<T[K]> : never } {
  const errors: FieldError[] = [];
  const output: Record<string, unknown> = {};
  let problem: z.core.$ZodIssue | undefined;
  for (const [segment, schema] of Object.entries(schemas) as [Segment, z.ZodType | undefined][]) {
    if (!schema) continue;
    const result = schema.safeParse(values[segment]);
    if (result.success) output[segment] = result.data;
    else {
      errors.push(...issuesToFieldErrors(segment, result.error.issues));
      problem ??= result.error.issues.find((issue) => problemCodeOf(issue));
    }
  }
  if (problem) throw new ApiError(problemCodeOf(problem)!, problem.message, { errors });
  if (errors.length) throw validationFailed(errors);
  return output as never;
}

/**
 * A custom issue may stand for a more specific problem than invalid input by naming its error code in
 * `params.problemCode` (e.g. NESTING_TOO_DEEP, 422): the answer then takes that code, its status and its message,
 * and still lists every violation.
 */
export const problemIssueParams = (problemCode: KnownErrorCode) => ({ problemCode });

function problemCodeOf(issue: z.core.$ZodIssue): KnownErrorCode | undefined {
  const code = issue.code === 'custom' ? (issue.params as { problemCode?: unknown } | undefined)?.problemCode : undefined;
  return typeof code === 'string' ? (code as KnownErrorCode) : undefined;
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

// z.int() marks a non-integer as an aborting issue, which would silence an object's cross-field rules that run on
// invalid input (`when`), so a partner would not see every violation at once; this integer reports the same violation without aborting. The metadata keeps it `type: integer`
// (with its minimum) in the OpenAPI document, where a metadata type replaces the generated one.
export const lenientInteger = ({ min }: { min?: number } = {}) =>
  (min === undefined ? z.number() : z.number().min(min))
    .refine(Number.isSafeInteger, 'Invalid input: expected an integer')
    .meta(min === undefined ? { type: 'integer' } : { type: 'integer', minimum: min });
