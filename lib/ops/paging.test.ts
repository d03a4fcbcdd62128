import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf, pageSizeOf } from './paging';

describe('console paging', () => {
  it('reads back the sort key it wrote, and takes anything else for the first page', () => {
    const at = new Date('2026-11-27T10:00:00.123Z');
    const cursor = encodeCursor([at.toISOString(), 42, 'whd_1']);
    expect(decodeCursor(cursor, ['date', 'number', 'string'] as const)).toEqual([at, 42, 'whd_1']);
    expect(decodeCursor(cursor, ['date', 'string'] as const)).toBeUndefined();
    expect(decodeCursor(encodeCursor(['yesterday', 1]), ['date', 'number'] as const)).toBeUndefined();
    expect(decodeCursor(encodeCursor(['2026-11-27T10:00:00Z', 1.5]), ['date', 'number'] as const)).toBeUndefined();
    expect(decodeCursor('not base64 json', ['string'] as const)).toBeUndefined();
    expect(decodeCursor(undefined, ['string'] as const)).toBeUndefined();
  });

  it('knows whether more rows follow from the one row past the page', () => {
    const rows = [1, 2, 3].map((id) => ({ id }));
    expect(pageOf(rows, 3, (row) => [row.id])).toEqual({ rows, next: null });
    const page = pageOf(rows, 2, (row) => [row.id]);
    expect(page.rows).toEqual(rows.slice(0, 2));
    expect(decodeCursor(page.next!, ['number'] as const)).toEqual([2]);
  });

  it('offers page sizes of 25, 50 and 100 only', () => {
    expect([pageSizeOf('25'), pageSizeOf('100'), pageSizeOf('1000'), pageSizeOf(undefined), pageSizeOf('x')]).toEqual([25, 100, 50, 50, 50]);
  });
});
