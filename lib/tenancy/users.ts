import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import { partners, users } from '@/db/schema';
import { ApiError, conflict, pgErrorCode } from '@/lib/http/errors';
import { newId } from '@/lib/ids';
import { requireMerchant } from './merchants';
import type { createUserSchema } from './schemas';
import { hashPassword, passwordMatches } from './secrets';

export type UserRole = 'MERCHANT' | 'LOYALTY_PARTNER' | 'ADMIN';

export async function createUser(db: Executor, input: z.output<typeof createUserSchema>) {
  if (input.role === 'MERCHANT') await requireMerchant(db, input.merchantId!);
  if (input.role === 'LOYALTY_PARTNER') {
    const [partner] = await db.select().from(partners).where(eq(partners.id, input.partnerId!));
    if (!partner || partner.type !== 'LOYALTY') {
      throw new ApiError('UNPROCESSABLE_ENTITY', `Partner ${input.partnerId} is not a loyalty partner.`, { status: 422 });
    }
  }
  try {
    const [user] = await db
      .insert(users)
      .values({
        id: newId(),
        email: input.email,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        role: input.role,
        merchantId: input.role === 'MERCHANT' ? input.merchantId : null,
        partnerId: input.role === 'LOYALTY_PARTNER' ? input.partnerId : null,
      })
      .returning();
    return { id: user!.id, email: user!.email, role: user!.role };
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw conflict(`A user with email ${input.email} already exists.`, 'USER_EXISTS');
    throw error;
  }
}

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  role: UserRole;
  merchantId: string | null;
  partnerId: string | null;
}

/** Checks a dashboard sign-in; undefined for an unknown email or a wrong password alike. */
export async function authenticateUser(db: Executor, email: string, password: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user || !(await passwordMatches(password, user.passwordHash))) return undefined;
  return { id: user.id, email: user.email, name: user.name, role: user.role, merchantId: user.merchantId, partnerId: user.partnerId };
}

export async function findSessionUser(db: Executor, userId: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user && { id: user.id, email: user.email, name: user.name, role: user.role, merchantId: user.merchantId, partnerId: user.partnerId };
}
