import { catchUpPageSchema, catchUpQuerySchema, eventsAfter } from '@/lib/events/catch-up';
import { jsonContent } from '@/lib/api/operation-doc';
import { partnerRoute } from '@/lib/http/partner-route';
import { json } from '@/lib/http/responses';

// docs/contract.md#catch-up: the caller's events after `after`, oldest first, kept 30 days.
export const GET = partnerRoute(
  {
    api: 'events',
    query: catchUpQuerySchema,
    doc: {
      tags: ['Events'],
      summary: 'Catch up on missed events',
      description: [
        "The caller's events after `after` (an event id), oldest first, kept 30 days; pass `lastEventId` back as `after`",
        'for the next page. An event appears once every transaction that started before it has finished, so paging never',
        'skips an event that committed late.',
      ].join(' '),
      responses: { 200: { description: 'A page of events', content: jsonContent(catchUpPageSchema) } },
      errors: [400, 401, 406, 422, 429],
    },
  },
  async ({ db, principal, query }) => json(await eventsAfter(db, principal, query)),
);
