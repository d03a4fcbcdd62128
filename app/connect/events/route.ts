import { catchUpQuerySchema, eventsAfter } from '@/lib/events/catch-up';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';

// CONTRACT §7 catch-up: the caller's events after `after`, oldest first, kept 30 days.
export const GET = partnerRoute({ api: 'events', query: catchUpQuerySchema }, async ({ db, principal, query }) =>
  json(await eventsAfter(db, principal, query)),
);
