export {
  createCounterpartClient,
  interfaceOfPath,
  unwrap,
  version,
  type ApiInterface,
  type CounterpartClient,
  type CounterpartClientOptions,
} from './client.js';
export { CounterpartProblem, OAuthError, type ProblemBody, type ProblemViolation } from './errors.js';
export {
  clientCredentials,
  MemoryTokenStore,
  pollDeviceAuthorization,
  refreshingTokens,
  startDeviceAuthorization,
  type ClientCredentialsOptions,
  type DeviceAuthorization,
  type DeviceFlowOptions,
  type RefreshingTokensOptions,
  type StoredTokens,
  type TokenProvider,
  type TokenStore,
} from './auth.js';
export { FileTokenStore } from './file-token-store.js';
export { fullJitterDelayMs, isConnectionRefused, retryDelayMs, retryingFetch, type RetryOptions } from './retry.js';
export {
  EventConsumer,
  verifyWebhook,
  WebhookVerificationError,
  type ConsumeResult,
  type CounterpartEvent,
  type EventConsumerOptions,
  type EventType,
} from './webhooks.js';
export { PosNotifications, type NotificationsState, type PosNotificationsOptions } from './pos-notifications.js';
export type { components, operations, paths } from './schema.js';
export {
  clearBusy,
  getAvailability,
  locationUnavailable,
  patchAvailability,
  pauseOrdering,
  resumeOrdering,
  setBusy,
  type Availability,
  type AvailabilityPatch,
  type LocationUnavailable,
} from './availability.js';
