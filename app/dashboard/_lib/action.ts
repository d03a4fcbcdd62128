import { revalidatePath } from 'next/cache';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { requireUser } from '@/auth';
import { getDb, type Database } from '@/db/client';
import { fieldErrorsOf, formValues, parseForm, type FormState } from '@/lib/forms';
import { ApiError, refusedInput } from '@/lib/http/errors';
import { logger } from '@/lib/log';
import { recordAudit, userActor, type AuditEntry } from '@/lib/ops/audit';
import { can, MERCHANT_ROLES, type Permission } from '@/lib/tenancy/roles';
import { asDashboardUser, type DashboardUser, type MerchantMember, type UserRole } from '@/lib/tenancy/users';

export type UserOf<R extends UserRole> = Extract<DashboardUser, { role: R }>;

/** The session's user as its role's type; a user without the tenant its role needs reaches nothing. */
export async function requireDashboardUser<R extends UserRole>(roles: readonly R[], page: string): Promise<UserOf<R>> {
  const user = asDashboardUser(await requireUser(roles, page));
  if (!user) notFound();
  return user as UserOf<R>;
}

/**
 * The signed-in merchant member whose role allows `permission` (lib/tenancy/roles.ts); anyone else (another role, a
 * member whose role does not allow it) gets the not-found page, as for a page that does not exist.
 */
export async function requireMember(permission: Permission, page: string): Promise<MerchantMember> {
  const user = await requireDashboardUser(MERCHANT_ROLES, page);
  if (!can(user, permission)) notFound();
  return user;
}

/** The merchant member as the actor of a change: the caller lib/tenancy/scope.ts checks, and the user the history names. */
export const memberActor = (user: MerchantMember) => ({ merchantId: user.merchantId, role: user.role, locationIds: user.locationIds, userId: user.id });

// What React hands a form's action (useActionState): the state the form shows, and the form's fields.
const formArguments = z.tuple([z.looseObject({}), z.instanceof(FormData)]);

/**
 * Refuses arguments no dashboard form sends (a hand-made `Next-Action` request: `[null,null]`, a number, fields without
 * a FormData) as if the page did not exist: a 404, logged as one line, before the action's code reads them.
 */
export function requireFormArguments(previous: unknown, formData: unknown, page: string): void {
  if (formArguments.safeParse([previous, formData]).success) return;
  logger().warn({ page }, 'server action called without a form');
  notFound();
}

export interface DashboardActionOptions<S extends z.ZodType, R extends UserRole> {
  /** Who may call it; anyone else is answered as if the page did not exist. */
  roles: readonly R[];
  /** For merchant members: what their role must allow (lib/tenancy/roles.ts); refused as if the page did not exist. */
  permission?: Permission;
  /** The page the action belongs to: where a signed-out user returns after signing in, and what is revalidated. */
  page: string;
  /** The same rules as the API's (or the form's own), checked on the form's fields. */
  schema: S;
  /** Error codes that belong to one field rather than to the whole form. */
  fieldOfConflict?: Record<string, string>;
  /**
   * The audit log's name for the change: every successful action is audited, under the page's path when absent;
   * false for an action that changes nothing or audits its change itself.
   */
  audit?: string | false;
}

/** What an action may tell the audit log about its change: the target and the state before and after. */
export type AuditNote = Partial<Omit<AuditEntry, 'action' | 'requestId'>>;

/**
 * The one wrapper of every dashboard form action: its arguments checked to be a form's, the role and its typed user, the form's fields parsed with the
 * schema (each field's first error, the values kept), lib's ApiErrors as the form's error (or a field's), and the
 * page revalidated after a change. `run` answers the success message, optionally with more for the form.
 */
export function dashboardAction<S extends z.ZodType, R extends UserRole, Extra extends object = object>(
  options: DashboardActionOptions<S, R>,
  run: (context: { db: Database; user: UserOf<R>; input: z.output<S>; audit: AuditNote }) => Promise<string | (Extra & { message?: string })>,
) {
  return async (previous: FormState & Partial<Extra>, formData: FormData): Promise<FormState & Partial<Extra>> => {
    requireFormArguments(previous, formData, options.page);
    const user = await requireDashboardUser(options.roles, options.page);
    if (options.permission && !can(user, options.permission)) notFound();
    const values = formValues(formData);
    const parsed = parseForm(options.schema, values);
    if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error), values } as FormState & Partial<Extra>;
    let outcome: string | (Extra & { message?: string });
    const audit: AuditNote = {};
    try {
      outcome = await run({ db: getDb(), user, input: parsed.data, audit });
    } catch (caught) {
      // Lib's refusals, and a value the database itself refuses (a NUL byte in a field), are the form's error.
      const error = caught instanceof ApiError ? caught : refusedInput(caught);
      if (!error) throw caught;
      // A validation problem naming the form's own fields (e.g. a refused webhook URL) is shown at those fields.
      const named = error.errors?.filter((item) => item.path in values);
      if (named?.length) return { fieldErrors: Object.fromEntries(named.map((item) => [item.path, item.message])), values } as FormState & Partial<Extra>;
      const field = options.fieldOfConflict?.[error.code];
      return (field ? { fieldErrors: { [field]: error.message }, values } : { error: error.message, values }) as FormState & Partial<Extra>;
    }
    // The audit log (kept a year): who changed what from the dashboard; the form's values stand in for the state after
    // when the action says nothing more (secrets in either are redacted).
    if (options.audit !== false) {
      // The change is made: a failure to audit it is logged loudly rather than reported as a failed change.
      try {
        await recordAudit(getDb(), await userActor(getDb(), user.id), {
          action: options.audit ?? `form ${options.page}`,
          ...audit,
          after: audit.after ?? values,
        });
      } catch (error) {
        logger().error({ err: error, page: options.page }, 'audit entry not written');
      }
    }
    // With the pages below it: a partner's own page lives under the partners list it changes.
    revalidatePath(options.page, 'layout');
    return (typeof outcome === 'string' ? { message: outcome } : outcome) as FormState & Partial<Extra>;
  };
}
