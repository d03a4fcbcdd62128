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
export function webhookHeaders(eventId: string, body: string, secrets: SigningSecrets, now = new Date()): Record<string, string> {
  const keys = [secrets.secret];
  if (secrets.previousSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > now) keys.push(secrets.previousSecret);
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': keys.map((key) => new Webhook(key).sign(eventId, now, body)).join(' '),
  };
}
