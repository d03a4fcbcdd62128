// Dashboard sessions are short-lived and slide: each use within SESSION_IDLE_SECONDS keeps a session alive, at most
// SESSION_ABSOLUTE_SECONDS after sign-in. The server-side expiry is written back at most once per
// SESSION_RENEW_SECONDS, so a busy dashboard costs one read per request and a write only now and then.
// (No imports: the proxy reads these without loading the data layer.)
export const SESSION_IDLE_SECONDS = 4 * 60 * 60;
export const SESSION_RENEW_SECONDS = 15 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
