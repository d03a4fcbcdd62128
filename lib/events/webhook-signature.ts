import { Webhook } from 'standardwebhooks';

export interface SigningSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * Standard Webhooks headers (CONTRACT §7). webhook-id is the event id, the same on every attempt. During the
 * 24 hours after a rotation the signature header carries one `v1,…` entry per secret, new first, so a receiver
 * still holding the old secret keeps verifying.
 */
// Decoding a secret costs more than the HMAC itself at 1,000 deliveries a second; endpoints are few.
const signers = new Map<string, Webhook>();
function signer(secret: string): Webhook {
  let webhook = signers.get(secret);
  if (!webhook) {
    if (signers.size > 10_000) signers.clear();
    webhook = new Webhook(secret);
    signers.set(secret, webhook);
  }
  return webhook;
}

export function webhookHeaders(eventId: string, body: string, secrets: SigningSecrets, now = new Date()): Record<string, string> {
  const keys = [secrets.secret];
  if (secrets.previousSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > now) keys.push(secrets.previousSecret);
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': keys.map((key) => signer(key).sign(eventId, now, body)).join(' '),
  };
}
