import { z } from 'zod';

/**
 * A list filter whose values are OR-ed (reference specs): it may repeat (`status=A&status=B`) or come
 * comma-separated (`status=A,B`); both give one array. An empty filter (`status=`) filters nothing.
 */
export function repeatableFilter<T extends z.ZodType<string, string>>(item: T) {
  return z
    .union([z.string(), z.array(z.string())])
    .transform((input) => [
      ...new Set(
        [input]
          .flat()
          .flatMap((entry) => entry.split(','))
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(item))
    .transform((entries) => (entries.length ? entries : undefined));
}

/** A whole number sent as a query string (or a number, when a schema is reused on a parsed body). */
export const wholeNumber = (name: string) => z.union([z.int(), z.string().regex(/^\d+$/, `${name} must be a whole number.`).transform(Number)]);

/** docs/contract.md#lists: `limit` 1–50 (default 50) and `page` from 1. */
export const pageQuery = {
  limit: wholeNumber('limit').pipe(z.int().min(1).max(50)).default(50),
  page: wholeNumber('page').pipe(z.int().min(1)).default(1),
};
