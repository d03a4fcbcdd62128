import { v7 as uuidv7 } from 'uuid';

// STYLE.md: ids are generated in code, sortable by creation time, so PGlite and PostgreSQL behave the same.
export const newId = (): string => uuidv7();

/** A sortable id with a readable prefix, e.g. `evt_0190…` for events. */
export const newPrefixedId = (prefix: string): string => `${prefix}_${uuidv7().replaceAll('-', '')}`;
