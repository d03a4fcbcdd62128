import type { OperationDoc } from '@/lib/api/operation-doc';

// What the management API's routes (docs/contract.md#management-api) share in their OpenAPI documentation.

export const managementTags = ['Management'];

export const adminKeyNote = 'Requires `Authorization: Bearer $ADMIN_API_KEY`; absent when ADMIN_API_KEY is unset.';

/** The doc of a management route that creates something, but for its summary. */
export const creationDoc = {
  tags: managementTags,
  description: adminKeyNote,
  responses: { 201: { description: 'Created' } },
  errors: [400, 401, 404, 409, 422],
} satisfies Omit<OperationDoc, 'summary'>;

/** The doc of a management route that changes something, but for its summary. */
export const changeDoc = {
  tags: managementTags,
  description: adminKeyNote,
  responses: { 200: { description: 'Changed' } },
  errors: [400, 401, 404, 409, 422],
} satisfies Omit<OperationDoc, 'summary'>;
