import { z } from 'zod';
import { memberLocationIdsSchema, merchantRoleSchema } from '@/lib/tenancy/schemas';

import { LOCATION_FIELD_PREFIX } from './team-fields';

/** A team form's fields with its checked locations gathered into `locationIds` (none checked: every location). */
const withCheckedLocations = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => {
    if (!value || typeof value !== 'object' || 'locationIds' in value) return value;
    const locationIds = Object.keys(value)
      .filter((key) => key.startsWith(LOCATION_FIELD_PREFIX))
      .map((key) => key.slice(LOCATION_FIELD_PREFIX.length));
    return { ...value, locationIds };
  }, schema);

export const inviteSchema = withCheckedLocations(
  z.object({
    email: z.email('Enter an email address.').transform((email) => email.trim().toLowerCase()),
    role: merchantRoleSchema,
    locationIds: memberLocationIdsSchema.default([]),
  }),
);

export const memberChangeSchema = withCheckedLocations(
  z.object({
    userId: z.string().min(1).max(100),
    role: merchantRoleSchema,
    locationIds: memberLocationIdsSchema.default([]),
  }),
);

export const invitationRefSchema = z.object({ invitationId: z.string().min(1).max(100) });

export const memberRefSchema = z.object({ userId: z.string().min(1).max(100) });
