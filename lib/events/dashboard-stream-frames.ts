/**
 * The dashboard stream's last frame when its session ended (signed out, the user's sessions ended, or expired): an SSE
 * event of this name, so the page goes to sign-in instead of reopening a stream it no longer has.
 */
export const SIGNED_OUT_EVENT = 'signed-out';
