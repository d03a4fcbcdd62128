import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '@/lib/forms';
import { sectionFormSchema, tableFormSchema } from './floor-forms';

describe('floor forms', () => {
  it('reads an empty section choice as no section', () => {
    expect(tableFormSchema.parse({ locationId: 'loc', number: 'T1', sectionId: '' })).toEqual({ locationId: 'loc', number: 'T1', sectionId: null });
  });

  it('applies the API rules to table numbers and section names, one message per field', () => {
    const table = tableFormSchema.safeParse({ locationId: 'loc', number: 'A,B' });
    expect(Object.keys(fieldErrorsOf(table.error!))).toEqual(['number']);
    expect(fieldErrorsOf(table.error!).number).toContain('letters and digits');
    const section = sectionFormSchema.safeParse({ locationId: 'loc', name: '' });
    expect(Object.keys(fieldErrorsOf(section.error!))).toEqual(['name']);
  });
});
