import { and, asc, count, eq, gt, lt, desc, max, ne } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sections, tables } from '@/db/schema';
import { conflict, notFound } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { z } from 'zod';
import { bumpTableVersion, emitTableEvent, type ChangeActor } from './table-events';
import type { tableSectionRequestSchema } from './schema';

export type SectionRow = typeof sections.$inferSelect;
export type SectionRequest = z.output<typeof tableSectionRequestSchema>;

async function findSection(tx: Executor, locationId: string, sectionId: string): Promise<SectionRow | undefined> {
  const [row] = await tx
    .select()
    .from(sections)
    .where(and(eq(sections.locationId, locationId), eq(sections.id, sectionId)));
  return row;
}

export async function requireSection(tx: Executor, locationId: string, sectionId: string): Promise<SectionRow> {
  const section = await findSection(tx, locationId, sectionId);
  if (!section) throw notFound('Section');
  return section;
}

/** A new section, placed after the location's other sections. */
export async function createSection(tx: Executor, locationId: string, input: { id?: string; name: string }): Promise<SectionRow> {
  const [{ last } = { last: null }] = await tx
    .select({ last: max(sections.position) })
    .from(sections)
    .where(eq(sections.locationId, locationId));
  const [row] = await tx
    .insert(sections)
    .values({ locationId, id: input.id ?? newId(), name: input.name, position: (last ?? 0) + 1 })
    .returning();
  return row!;
}

/**
 * Renames a section. Every table in it reads differently afterwards, so each gets a TABLE_UPDATED (but `except`,
 * the table whose own update caused the rename and reports it itself).
 */
export async function renameSection(tx: Executor, section: SectionRow, name: string, actor: ChangeActor, except?: string): Promise<SectionRow> {
  if (section.name === name) return section;
  const [renamed] = await tx
    .update(sections)
    .set({ name })
    .where(and(eq(sections.locationId, section.locationId), eq(sections.id, section.id)))
    .returning();
  const members = await tx
    .select({ id: tables.id })
    .from(tables)
    .where(and(eq(tables.locationId, section.locationId), eq(tables.sectionId, section.id), except ? ne(tables.id, except) : undefined))
    .orderBy(asc(tables.number))
    .for('update');
  for (const member of members) {
    const version = await bumpTableVersion(tx, member.id);
    await emitTableEvent(tx, 'TABLE_UPDATED', { id: member.id, locationId: section.locationId, version }, actor);
  }
  return renamed!;
}

/**
 * The section a partner names for a table (reference tables spec: `id` is the POS system's id of the section, and
 * both members are optional). With an id, that section: created (named after the id when no name is given) or
 * renamed to a given name; with a name only, the location's first section of that name, or a new one; with neither,
 * no section (null).
 */
export async function resolveSection(
  tx: Executor,
  locationId: string,
  request: SectionRequest,
  actor: ChangeActor,
  tableId?: string,
): Promise<SectionRow | null> {
  if (request.id !== undefined) {
    const existing = await findSection(tx, locationId, request.id);
    if (!existing) return createSection(tx, locationId, { id: request.id, name: request.name ?? request.id });
    return request.name === undefined ? existing : renameSection(tx, existing, request.name, actor, tableId);
  }
  if (request.name === undefined) return null;
  const [named] = await tx
    .select()
    .from(sections)
    .where(and(eq(sections.locationId, locationId), eq(sections.name, request.name)))
    .orderBy(asc(sections.position))
    .limit(1);
  return named ?? createSection(tx, locationId, { name: request.name });
}

/** Swaps a section with its neighbour in the floor's order; at either end nothing changes. */
export async function moveSection(tx: Executor, locationId: string, sectionId: string, direction: 'up' | 'down'): Promise<void> {
  const section = await requireSection(tx, locationId, sectionId);
  const [neighbour] = await tx
    .select()
    .from(sections)
    .where(and(eq(sections.locationId, locationId), direction === 'up' ? lt(sections.position, section.position) : gt(sections.position, section.position)))
    .orderBy(direction === 'up' ? desc(sections.position) : asc(sections.position))
    .limit(1);
  if (!neighbour) return;
  const place = (row: SectionRow, position: number) =>
    tx
      .update(sections)
      .set({ position })
      .where(and(eq(sections.locationId, locationId), eq(sections.id, row.id)));
  await place(section, neighbour.position);
  await place(neighbour, section.position);
}

/** Only an empty section can go: its tables would otherwise lose their section without their own event. */
export async function deleteSection(tx: Executor, locationId: string, sectionId: string): Promise<void> {
  await requireSection(tx, locationId, sectionId);
  const [{ members } = { members: 0 }] = await tx
    .select({ members: count() })
    .from(tables)
    .where(and(eq(tables.locationId, locationId), eq(tables.sectionId, sectionId)));
  if (members > 0) throw conflict('Move or delete the tables of this section first.', 'SECTION_NOT_EMPTY');
  await tx.delete(sections).where(and(eq(sections.locationId, locationId), eq(sections.id, sectionId)));
}

/** A location's sections in floor order. */
export function listSections(db: Executor, locationId: string): Promise<SectionRow[]> {
  return db.select().from(sections).where(eq(sections.locationId, locationId)).orderBy(asc(sections.position), asc(sections.name));
}
