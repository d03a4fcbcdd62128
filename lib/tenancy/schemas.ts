import { z } from 'zod';
import { newPasswordSchema } from './password-policy';

const name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const partnerTypeSchema = z.enum(['POS', 'ORDERING_APP', 'BOOKING_APP', 'LOYALTY']);
export const userRoleSchema = z.enum(['OWNER', 'MANAGER', 'STAFF', 'LOYALTY_PARTNER', 'PARTNER_DEVELOPER', 'ADMIN']);
export const merchantRoleSchema = z.enum(['OWNER', 'MANAGER', 'STAFF']);
const merchantRoles: readonly string[] = merchantRoleSchema.options;

/** docs/contract.md#tenancy: `MERCHANT`, the role before merchants had teams, is accepted as `OWNER`. */
export const acceptedUserRole = z.preprocess((role) => (role === 'MERCHANT' ? 'OWNER' : role), userRoleSchema);

/** The locations a merchant member is restricted to; absent or empty: every location of the merchant. */
export const memberLocationIdsSchema = z.array(z.string().min(1).max(50)).max(200);

export const createMerchantSchema = z.object({ name }).meta({ id: 'CreateMerchant' });

/** POST /manage/merchants: with `ownerEmail`, the merchant's first owner is invited by mail (docs/contract.md#management-api). */
export const createMerchantWithOwnerSchema = createMerchantSchema
  .extend({
    ownerEmail: z
      .email('must be an email address')
      .transform((email) => email.toLowerCase())
      .optional(),
  })
  .meta({ id: 'CreateMerchantWithOwner' });

export const createLocationSchema = z
  .object({
    locationId: z
      .string()
      .min(1)
      .max(50, 'must be at most 50 characters')
      .regex(/^[A-Za-z0-9._~-]+$/, 'may contain letters, digits and . _ ~ - only')
      .optional(),
    name,
    timezone: z
      .string()
      .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', 'must be an IANA time zone')
      .optional(),
  })
  .meta({ id: 'CreateLocation' });

export const createUserSchema = z
  .object({
    email: z.email('must be an email address').transform((email) => email.toLowerCase()),
    password: newPasswordSchema,
    name: name.optional(),
    role: acceptedUserRole,
    merchantId: z.string().min(1).optional(),
    partnerId: z.string().min(1).optional(),
    locationIds: memberLocationIdsSchema.optional(),
  })
  .superRefine((user, context) => {
    if (user.password === user.email || user.password.toLowerCase() === user.email.split('@')[0]) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'must not be the email address' });
    }
    if (merchantRoles.includes(user.role) && !user.merchantId) {
      context.addIssue({ code: 'custom', path: ['merchantId'], message: `is required for ${user.role} users` });
    }
    if (!merchantRoles.includes(user.role) && user.locationIds?.length) {
      context.addIssue({ code: 'custom', path: ['locationIds'], message: 'is for OWNER, MANAGER and STAFF users only' });
    }
    if ((user.role === 'LOYALTY_PARTNER' || user.role === 'PARTNER_DEVELOPER') && !user.partnerId) {
      context.addIssue({ code: 'custom', path: ['partnerId'], message: `is required for ${user.role} users` });
    }
  })
  .meta({ id: 'CreateUser' });

export const createPartnerSchema = z.object({ name, type: partnerTypeSchema }).meta({ id: 'CreatePartner' });

export const createClientSchema = z.object({}).meta({ id: 'CreateClient' });

export const createConnectionSchema = z.object({ locationId: z.string().min(1).max(50) }).meta({ id: 'CreateConnection' });

export const createLoyaltyProgramSchema = z.object({ loyaltyProgramId: z.string().trim().min(1).max(100), name }).meta({ id: 'CreateLoyaltyProgram' });

/** A generated id in a path. */
export const idParam = z.string().min(1).max(100);

export const idParams = (...names: string[]) => z.object(Object.fromEntries(names.map((param) => [param, idParam])));
