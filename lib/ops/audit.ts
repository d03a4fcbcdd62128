import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { storableJson } from '@/db/rows';
import { auditLog, users } from '@/db/schema';
import { cursorTime, decodeCursor, keysetBefore, pageOf } from './paging';
import { redactValue } from './redact';

/** Who made a change: the ADMIN_API_KEY (`/manage`), a dashboard user, or a rule of Counterpart itself. */
export interface AuditActor {
  type: 'admin-api' | 'user' | 'system';
  id?: string | null;
  label: string;
}

export interface AuditEntry {
  /** What was done, e.g. `partner.create` or `POST /manage/partners`. */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

export const ADMIN_API_ACTOR: AuditActor = { type: 'admin-api', id: null, label: 'ADMIN_API_KEY' };
export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: null, label: 'Counterpart' };

/** A dashboard user as an actor, named by email. */
export async function userActor(db: Executor, userId: string): Promise<AuditActor> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { type: 'user', id: userId, label: row?.email ?? userId };
}

// Audit entries are kept one year.
export const AUDIT_RETENTION_DAYS = 366;

/**
 * Records one change; secrets in `before` and `after` are redacted (a secret shown once is never stored in clear), and
 * text PostgreSQL's jsonb refuses (NUL, lone surrogates) is replaced, so a change that happened is never left unaudited.
 */
export async function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorType: actor.type,
    actorId: actor.id ?? null,
    actorLabel: actor.label.slice(0, 200),
    action: entry.action.slice(0, 200),
    targetType: entry.targetType?.slice(0, 100) ?? null,
    targetId: entry.targetId?.slice(0, 200) ?? null,
    before: entry.before === undefined ? null : storableJson(redactValue(entry.before)),
    after: entry.after === undefined ? null : storableJson(redactValue(entry.after)),
    requestId: entry.requestId ?? null,
  });
}

export interface AuditFilters {
  action?: string;
  actor?: string;
  targetType?: string;
  targetId?: string;
  requestId?: string;
  from?: Date;
  to?: Date;
}

/** One page of the audit log, newest first, after a cursor (time to the microsecond, id); `next` null on the last. */
export async function pageAudit(db: Executor, filters: AuditFilters, page: { after?: string; limit: number }) {
  const conditions = auditConditions(filters);
  const after = decodeCursor(page.after, ['string', 'number'] as const);
  if (after) conditions.push(keysetBefore(auditLog.at, auditLog.id, after));
  const rows = await db
    .select({ entry: auditLog, cursorAt: cursorTime(auditLog.at) })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit + 1);
  const { rows: shown, next } = pageOf(rows, page.limit, (row) => [row.cursorAt, row.entry.id]);
  return { rows: shown.map((row) => row.entry), next };
}

const VERBS: Record<string, string> = {
  create: 'created',
  rename: 'renamed',
  disable: 'disabled',
  revoke: 'revoked',
  remove: 'removed',
  update: 'changed',
  invite: 'invited',
  test: 'sent a test event to',
  replay: 'replayed',
  'replay-failed': 'replayed the failed deliveries of',
  'rotate-secret': 'rotated the secret of',
  'reset-password': 'reset the password of',
  'change-role': 'changed the role of',
  rotate: 'rotated',
};
const NOUNS: Record<string, string> = {
  'webhook-endpoint': 'webhook endpoint',
  'loyalty-program': 'loyalty program',
  'signing-key': 'signing key',
  connection: 'connection',
};

/**
 * An audit entry in words ("admin@counterpart.test created partner Demo App"), and where its target is in the
 * console, when it has a page.
 */
export function auditSentence(entry: { actorLabel: string; action: string; targetType: string | null; targetId: string | null; after: unknown }) {
  const [noun = entry.action, verb = ''] = entry.action.split(/\.(.*)/s);
  const named = (entry.after as { name?: unknown } | null)?.name;
  const target = [NOUNS[noun] ?? noun.replaceAll('-', ' '), typeof named === 'string' ? named : (entry.targetId ?? '')].filter(Boolean).join(' ');
  const order = entry.action === 'order.move' ? (entry.after as { reference?: unknown; statusLabel?: unknown; locationName?: unknown } | null) : null;
  const words = order
    ? `${entry.actorLabel} moved order ${String(order.reference ?? entry.targetId ?? '')} to ${String(order.statusLabel ?? '?')}${order.locationName ? ` at ${String(order.locationName)}` : ''}`
    : VERBS[verb]
      ? `${entry.actorLabel} ${VERBS[verb]} ${target}`
      : `${entry.actorLabel}: ${entry.action} ${entry.targetId ?? ''}`.trim();
  const id = entry.targetId ? encodeURIComponent(entry.targetId) : undefined;
  const href = !id
    ? undefined
    : entry.targetType === 'partner'
      ? `/dashboard/admin/partners/${id}`
      : entry.targetType === 'webhook-endpoint'
        ? `/dashboard/admin/deliveries?endpointId=${id}`
        : entry.targetType === 'merchant'
          ? `/dashboard/admin/tenants/${id}`
          : entry.targetType === 'order'
            ? `/dashboard/admin/events?resourceId=${id}`
            : `/dashboard/admin/find?q=${id}`;
  return { words, href };
}

function auditConditions(filters: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  const like = (value: string) => `%${value.replace(/[%_\\]/g, '\\$&')}%`;
  if (filters.action) conditions.push(ilike(auditLog.action, like(filters.action)));
  if (filters.actor) conditions.push(or(ilike(auditLog.actorLabel, like(filters.actor)), eq(auditLog.actorId, filters.actor))!);
  if (filters.targetType) conditions.push(eq(auditLog.targetType, filters.targetType));
  if (filters.targetId) conditions.push(eq(auditLog.targetId, filters.targetId));
  if (filters.requestId) conditions.push(eq(auditLog.requestId, filters.requestId));
  if (filters.from) conditions.push(gte(auditLog.at, filters.from));
  if (filters.to) conditions.push(lte(auditLog.at, filters.to));
  return conditions;
}

export async function listAudit(db: Executor, filters: AuditFilters = {}, limit = 200) {
  const conditions = auditConditions(filters);
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(Math.min(limit, 1000));
}

/** Deletes entries older than a year, a batch at a time. */
export async function sweepAudit(db: Executor, now = new Date(), batch = 5000): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
  const result = await db.execute(sql`delete from audit_log where id in (select id from audit_log where at < ${cutoff} limit ${batch}) returning id`);
  return Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);
}
