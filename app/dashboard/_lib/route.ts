import type { Logger } from 'pino';
import type { z } from 'zod';
import { auth } from '@/auth';
import { getDb, type Database } from '@/db/client';
import { ApiError, notFound } from '@/lib/http/errors';
import { withProblemHandling } from '@/lib/http/handler-context';
import { searchParamsObject, validateSegments } from '@/lib/api/validation';
import { can, type Permission } from '@/lib/tenancy/roles';
import { asDashboardUser, type UserRole } from '@/lib/tenancy/users';
import type { UserOf } from './action';

type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export const signInRequired = () => new ApiError('UNAUTHORIZED', 'Sign in to the dashboard.', { status: 401 });

/**
 * The one wrapper of the dashboard's JSON and streaming routes: the session's typed user (401 when signed out; a
 * role that may not use the route is answered 404, as its pages are), the query validated as the partner API
 * validates it, and every error as problem+json (docs/contract.md#errors).
 */
export function dashboardRoute<R extends UserRole, Q extends Schema = undefined>(
  options: { roles: readonly R[]; permission?: Permission; query?: Q },
  handler: (context: {
    request: Request;
    db: Database;
    user: UserOf<R>;
    /** The session's key (lib/tenancy/users.ts), for a response that outlives the request's own check of it. */
    sessionKey: string;
    query: Out<Q>;
    params: Record<string, string>;
    log: Logger;
  }) => Promise<Response>,
) {
  return (request: Request, routeContext: { params: Promise<Record<string, string>> }) =>
    withProblemHandling(request, 'dashboard', async (_requestId, log) => {
      const session = await auth();
      const user = asDashboardUser(session?.user);
      if (!user || !session?.sessionKey) throw signInRequired();
      if (!(options.roles as readonly UserRole[]).includes(user.role)) throw notFound('Page');
      if (options.permission && !can(user, options.permission)) throw notFound('Page');
      const { query } = validateSegments({ query: options.query }, { query: searchParamsObject(new URL(request.url).searchParams) });
      const params = await routeContext.params;
      return handler({ request, db: getDb(), user: user as UserOf<R>, sessionKey: session.sessionKey, query: query as Out<Q>, params, log });
    });
}
