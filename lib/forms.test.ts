import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf, parseForm } from './forms';

describe('form messages in words', () => {
  const schema = z.object({
    name: z.string().min(1).max(5),
    code: z.string().min(3),
    count: z.coerce.number().int().min(1).max(9),
    email: z.email(),
    own: z.string().min(2, 'Two letters at least.'),
  });

  const errors = (values: Record<string, string>) => {
    const parsed = parseForm(schema, values);
    return parsed.success ? {} : fieldErrorsOf(parsed.error);
  };

  it("says what is wrong in plain words instead of zod's wording, and keeps a schema's own message", () => {
    expect(errors({ name: '', code: 'ab', count: '0', email: 'nope', own: 'x' })).toEqual({
      name: 'This field is required.',
      code: 'Use at least 3 characters.',
      count: 'Enter 1 or more.',
      email: 'Enter an email address.',
      own: 'Two letters at least.',
    });
    expect(errors({ name: 'toolong', code: 'abc', count: '10', email: 'a@b.co', own: 'ok' })).toEqual({
      name: 'Use at most 5 characters.',
      count: 'Enter 9 or less.',
    });
  });
});
