import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTableRequestSchema, listTablesQuerySchema, tableResponseSchema, toTableResponse, updateTableRequestSchema } from './schema';

/** The dotted path of every violation, in order. */
function violations(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('createTableRequestSchema', () => {
  it.each([
    ['number and location only', { locationId: 'tc-cool-3000', number: 'table-1' }],
    ['a section with id and name', { locationId: 'loc', number: 'MAIN-33', section: { id: 'section-id', name: 'Front bar' } }],
    ['a section with a name only', { locationId: 'loc', number: '12', section: { name: 'Patio' } }],
    // The reference tables spec: both members of a section are optional.
    ['a section with an id only', { locationId: 'loc', number: '12', section: { id: 's' } }],
    ['an empty section (none)', { locationId: 'loc', number: '12', section: {} }],
    ['digits only', { locationId: 'loc', number: '7' }],
    ['an inner space', { locationId: 'loc', number: 'Patio 4' }],
    ['a slash, a dot and an underscore', { locationId: 'loc', number: 'Bar/2.b_1' }],
    ['a leading hash', { locationId: 'loc', number: '#5' }],
    ['non-Latin letters', { locationId: 'loc', number: 'Terrasse-É' }],
    ['a 50-character number', { locationId: 'loc', number: 'A'.repeat(50) }],
    ['a 50-character locationId', { locationId: 'l'.repeat(50), number: '1' }],
  ])('accepts %s', (_name, input) => {
    expect(createTableRequestSchema.parse(input)).toEqual(input);
  });

  it.each([
    ['a missing locationId', { number: '1' }, ['locationId']],
    ['an empty locationId', { locationId: '', number: '1' }, ['locationId']],
    ['a 51-character locationId', { locationId: 'l'.repeat(51), number: '1' }, ['locationId']],
    ['a missing number', { locationId: 'loc' }, ['number']],
    ['a numeric number', { locationId: 'loc', number: 12 }, ['number']],
    ['an empty number', { locationId: 'loc', number: '' }, ['number']],
    ['a 51-character number', { locationId: 'loc', number: 'A'.repeat(51) }, ['number']],
    ['a comma in the number', { locationId: 'loc', number: '1,2' }, ['number']],
    ['a leading space', { locationId: 'loc', number: ' 1' }, ['number']],
    ['a trailing space', { locationId: 'loc', number: '1 ' }, ['number']],
    ['marks without a letter or digit', { locationId: 'loc', number: '--' }, ['number']],
    ['an empty section id', { locationId: 'loc', number: '1', section: { id: '', name: 'Bar' } }, ['section.id']],
    ['a section of null', { locationId: 'loc', number: '1', section: null }, ['section']],
    ['an empty section name', { locationId: 'loc', number: '1', section: { id: 's', name: '' } }, ['section.name']],
    ['every violation at once', { locationId: 5, number: 'a,b', section: { id: '', name: '' } }, ['locationId', 'number', 'section.id', 'section.name']],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(createTableRequestSchema, input)).toEqual(paths);
  });
});

describe('updateTableRequestSchema', () => {
  it.each([
    ['a new number', { number: 'new-table-id' }],
    ['a new section', { section: { id: 'new-section-id', name: 'Smoker section' } }],
    ['leaving its section', { section: null }],
    ['both', { number: '2', section: { name: 'Bar' } }],
    ['a section by id only', { section: { id: 'new-section-id' } }],
    ['an empty section (leaving its section)', { section: {} }],
  ])('accepts %s', (_name, input) => {
    expect(updateTableRequestSchema.parse(input)).toEqual(input);
  });

  it.each([
    ['an empty body', {}, ['']],
    ['only fields that cannot change', { locationId: 'other', openSales: [] }, ['']],
    ['an invalid number', { number: '' }, ['number']],
    ['every violation at once', { number: ' x', section: { id: '', name: '' } }, ['number', 'section.id', 'section.name']],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(updateTableRequestSchema, input)).toEqual(paths);
  });

  it('names the fields that may change when none is given', () => {
    const result = updateTableRequestSchema.safeParse({});
    expect(result.error?.issues[0]?.message).toBe('Provide at least one of number, section.');
  });
});

describe('tableResponseSchema', () => {
  const stored = {
    id: 'tbl-1',
    number: 'MAIN-33',
    locationId: 'loc',
    section: { id: 's1', name: 'Front bar' },
    openSales: ['sale-1'],
    merchantId: 'm-1',
    version: 4,
    createdAt: new Date(0),
  };

  it('drops internal columns', () => {
    expect(toTableResponse(stored)).toEqual({
      id: 'tbl-1',
      number: 'MAIN-33',
      locationId: 'loc',
      section: { id: 's1', name: 'Front bar' },
      openSales: ['sale-1'],
    });
  });

  it('shows a table without a section as section null', () => {
    expect(toTableResponse({ ...stored, section: null }).section).toBeNull();
  });

  it.each([
    ['a missing openSales', { ...stored, openSales: undefined }, ['openSales']],
    ['a missing section (null is required)', { ...stored, section: undefined }, ['section']],
    ['a section without an id', { ...stored, section: { name: 'Bar' } }, ['section.id']],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(tableResponseSchema, input)).toEqual(paths);
  });
});

describe('listTablesQuerySchema', () => {
  it.each([
    ['no openSales filter', { locationId: 'loc' }, { locationId: 'loc' }],
    ['openSales=true', { locationId: 'loc', openSales: 'true' }, { locationId: 'loc', openSales: true }],
    ['openSales=false', { locationId: 'loc', openSales: 'false' }, { locationId: 'loc', openSales: false }],
  ])('reads %s', (_name, input, expected) => {
    expect(listTablesQuerySchema.parse(input)).toEqual(expected);
  });

  it.each([
    ['a missing locationId', { openSales: 'true' }, ['locationId']],
    ['a repeated locationId', { locationId: ['a', 'b'] }, ['locationId']],
    ['openSales=yes', { locationId: 'loc', openSales: 'yes' }, ['openSales']],
    ['every violation at once', { openSales: '1' }, ['locationId', 'openSales']],
  ])('rejects %s', (_name, input, paths) => {
    expect(violations(listTablesQuerySchema, input)).toEqual(paths);
  });
});
