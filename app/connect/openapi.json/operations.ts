import * as bookings from '@/app/connect/bookings/route';
import * as booking from '@/app/connect/bookings/[bookingId]/route';
import * as bookingEvents from '@/app/connect/bookings/[bookingId]/events/route';
import * as events from '@/app/connect/events/route';
import * as location from '@/app/connect/locations/[locationId]/route';
import * as locationAvailability from '@/app/connect/locations/[locationId]/availability/route';
import * as onboardingRequest from '@/app/connect/locations/merchant-onboarding/loyalty/[onboardingReference]/route';
import * as loyaltyActivity from '@/app/connect/loyalty/activities/[loyaltyActivityId]/route';
import * as loyaltyMembers from '@/app/connect/loyalty/members/route';
import * as registeredCard from '@/app/connect/loyalty/registered-cards/[registeredCardId]/route';
import * as orders from '@/app/connect/orders/route';
import * as order from '@/app/connect/orders/[orderId]/route';
import * as testPayments from '@/app/connect/payments/test/route';
import * as sales from '@/app/connect/sales/route';
import * as sale from '@/app/connect/sales/[saleId]/route';
import * as tables from '@/app/connect/tables/route';
import * as table from '@/app/connect/tables/[tableId]/route';
import * as delivery from '@/app/manage/deliveries/[deliveryId]/route';
import * as deliveryReplay from '@/app/manage/deliveries/[deliveryId]/replay/route';
import * as merchants from '@/app/manage/merchants/route';
import * as merchant from '@/app/manage/merchants/[merchantId]/route';
import * as manageLocation from '@/app/manage/locations/[locationId]/route';
import * as merchantLocations from '@/app/manage/merchants/[merchantId]/locations/route';
import * as partners from '@/app/manage/partners/route';
import * as partnerClients from '@/app/manage/partners/[partnerId]/clients/route';
import * as partnerConnections from '@/app/manage/partners/[partnerId]/connections/route';
import * as partnerLoyaltyPrograms from '@/app/manage/partners/[partnerId]/loyalty-programs/route';
import * as partnerWebhooks from '@/app/manage/partners/[partnerId]/webhooks/route';
import * as partnerSandbox from '@/app/manage/partners/[partnerId]/sandbox/route';
import * as partnerSandboxReset from '@/app/manage/partners/[partnerId]/sandbox/reset/route';
import * as partnerSandboxDevices from '@/app/manage/partners/[partnerId]/sandbox/devices/route';
import * as signingKeyRotation from '@/app/manage/signing-keys/rotate/route';
import * as users from '@/app/manage/users/route';
import * as user from '@/app/manage/users/[userId]/route';
import * as userDisable from '@/app/manage/users/[userId]/disable/route';
import * as webhookReplay from '@/app/manage/webhooks/[endpointId]/replay/route';
import * as webhookSecretRotation from '@/app/manage/webhooks/[endpointId]/rotate-secret/route';
import { openApiDocument, type ApiDescription } from '@/lib/api-reference/openapi';
import { eventWebhook } from '@/lib/events/openapi';
import { documentedOperation, type DeclaredRoute, type HttpMethod } from '@/lib/api/operation-doc';

/** One exported verb of a route file, by the path the file's place in app/ gives it. */
export interface DocumentedRoute {
  path: string;
  method: HttpMethod;
  route: DeclaredRoute;
}

/**
 * The verbs `methods` of the route file `module`, whose place in app/ gives `path` (`{name}` for a `[name]` folder;
 * partner paths are relative to the /connect server, management ones start with /manage).
 */
function routesOf<M extends Partial<Record<HttpMethod, DeclaredRoute>>>(path: string, module: M, ...methods: (keyof M & HttpMethod)[]): DocumentedRoute[] {
  return methods.map((method) => ({ path, method, route: module[method]! }));
}

/**
 * Every partner and management route the document describes, in the document's order: by interface, and within a
 * path in the order listed here (a module namespace lists its exports alphabetically, so the verbs are named).
 */
export const documentedRoutes: DocumentedRoute[] = [
  ...routesOf('/orders', orders, 'POST', 'GET'),
  ...routesOf('/orders/{orderId}', order, 'GET', 'PATCH'),
  ...routesOf('/tables', tables, 'POST', 'GET'),
  ...routesOf('/tables/{tableId}', table, 'GET', 'PATCH', 'DELETE'),
  ...routesOf('/sales', sales, 'POST', 'GET'),
  ...routesOf('/sales/{saleId}', sale, 'GET', 'PATCH'),
  ...routesOf('/bookings', bookings, 'POST', 'GET'),
  ...routesOf('/bookings/{bookingId}', booking, 'GET', 'PATCH'),
  ...routesOf('/bookings/{bookingId}/events', bookingEvents, 'GET'),
  ...routesOf('/loyalty/members', loyaltyMembers, 'POST', 'DELETE'),
  ...routesOf('/loyalty/registered-cards/{registeredCardId}', registeredCard, 'GET', 'DELETE'),
  ...routesOf('/loyalty/activities/{loyaltyActivityId}', loyaltyActivity, 'GET'),
  ...routesOf('/locations/merchant-onboarding/loyalty/{onboardingReference}', onboardingRequest, 'GET', 'POST'),
  ...routesOf('/payments/test', testPayments, 'POST'),
  ...routesOf('/events', events, 'GET'),
  ...routesOf('/locations/{locationId}', location, 'GET'),
  ...routesOf('/locations/{locationId}/availability', locationAvailability, 'GET', 'PATCH'),
  ...routesOf('/manage/webhooks/{endpointId}/rotate-secret', webhookSecretRotation, 'POST'),
  ...routesOf('/manage/webhooks/{endpointId}/replay', webhookReplay, 'POST'),
  ...routesOf('/manage/deliveries/{deliveryId}', delivery, 'GET'),
  ...routesOf('/manage/deliveries/{deliveryId}/replay', deliveryReplay, 'POST'),
  ...routesOf('/manage/merchants', merchants, 'POST'),
  ...routesOf('/manage/merchants/{merchantId}', merchant, 'PATCH'),
  ...routesOf('/manage/merchants/{merchantId}/locations', merchantLocations, 'POST'),
  ...routesOf('/manage/locations/{locationId}', manageLocation, 'PATCH'),
  ...routesOf('/manage/users', users, 'POST'),
  ...routesOf('/manage/users/{userId}', user, 'PATCH'),
  ...routesOf('/manage/users/{userId}/disable', userDisable, 'POST'),
  ...routesOf('/manage/partners', partners, 'POST'),
  ...routesOf('/manage/partners/{partnerId}/clients', partnerClients, 'POST'),
  ...routesOf('/manage/partners/{partnerId}/connections', partnerConnections, 'POST'),
  ...routesOf('/manage/partners/{partnerId}/webhooks', partnerWebhooks, 'POST'),
  ...routesOf('/manage/partners/{partnerId}/loyalty-programs', partnerLoyaltyPrograms, 'POST'),
  ...routesOf('/manage/partners/{partnerId}/sandbox', partnerSandbox, 'POST', 'GET', 'DELETE'),
  ...routesOf('/manage/partners/{partnerId}/sandbox/reset', partnerSandboxReset, 'POST'),
  ...routesOf('/manage/partners/{partnerId}/sandbox/devices', partnerSandboxDevices, 'POST'),
  ...routesOf('/manage/signing-keys/rotate', signingKeyRotation, 'POST'),
];

/** The partner and management APIs as their route declarations document them, with the webhook events are sent to. */
export const api: ApiDescription = {
  operations: documentedRoutes.map(({ path, method, route }) => documentedOperation(method, path, route.declaration)),
  webhooks: [eventWebhook],
};

/** The document served at /connect/openapi.json. */
export const apiDocument = () => openApiDocument(api);
