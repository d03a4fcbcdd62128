import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, updatedAtColumn, versionColumn } from './columns';
import { locations } from './tenancy';

/**
 * The sections of a location's floor. A section's id is the POS system's id when a partner names one (reference
 * tables spec: "The POS system's Id of the section"), so it is only unique within its location.
 */
export const sections = pgTable(
  'sections',
  {
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    id: text('id').notNull(),
    name: text('name').notNull(),
    /** The order the merchant arranged the sections in on the floor page. */
    position: integer('position').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.id] }), index('sections_location_position_idx').on(t.locationId, t.position)],
);

/**
 * docs/domain.md#table: a number unique within its location and an optional section. Its `openSales` are not stored here:
 * they are the location's open sales whose table number is this table's (lib/tables/open-sales.ts), so concurrent
 * sales never overwrite each other's link and a sale for a table created later is linked at once.
 */
export const tables = pgTable(
  'tables',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => locations.id),
    number: text('number').notNull(),
    sectionId: text('section_id'),
    version: versionColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('tables_location_number_idx').on(t.locationId, t.number),
    index('tables_section_idx').on(t.locationId, t.sectionId),
    foreignKey({ columns: [t.locationId, t.sectionId], foreignColumns: [sections.locationId, sections.id] }),
  ],
);
