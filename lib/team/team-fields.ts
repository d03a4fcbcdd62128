/**
 * The name of a location's checkbox on the team forms: one field per location, checked or absent. A module of its own, so
 * the forms' browser code does not load the schemas (zod, the password list) to name a field.
 */
export const LOCATION_FIELD_PREFIX = 'location:';
