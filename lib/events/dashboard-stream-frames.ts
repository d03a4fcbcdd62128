/**
 * The dashboard stream's last frame when its session ended (signed out, the user's sessions ended, or expired): an SSE
 * event of this name, so the page goes to sign-in instead of reopening a stream it no longer has.
 */
export const SIGNED_OUT_EVENT = 'signed-out';

/**
 * Sent once the stream's instance is listening for commits: from then on no committed event in the user's scope is
 * missed, so this (not the stream opening) is when a page reloads what it may have missed while disconnected.
 */
export const READY_EVENT = 'ready';
