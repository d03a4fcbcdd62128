import { Webhook } from 'standardwebhooks';
import { open } from '@/lib/security/sealed-secrets';
import { webhookSecretContext } from '@/lib/security/stored-secrets';

/** An endpoint's secrets as stored: sealed with the master key (docs/contract.md#secrets-at-rest). */
export interface SigningSecrets {
  endpointId: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/**
 * Standard Webhooks headers (docs/contract.md#webhooks). webhook-id is the event id, the same on every attempt. During the
 * 24 hours after a rotation the signature header carries one `v1,…` entry per secret, new first, so a receiver
 * still holding the old secret keeps verifying.
 */
// Opening and decoding a secret cost more than the HMAC itself at 1,000 deliveries a second; endpoints are few, so
// each sealed secret is opened once per process.
const signers = new Map<string, Webhook>();
function signer(endpointId: string, sealedSecret: string): Webhook {
  const cacheKey = `${endpointId}\0${sealedSecret}`;
  let webhook = signers.get(cacheKey);
  if (!webhook) {
    if (signers.size > 10_000) signers.clear();
    webhook = new Webhook(open(sealedSecret, webhookSecretContext(endpointId)));
    signers.set(cacheKey, webhook);
  }
  return webhook;
}

export function webhookHeaders(eventId: string, body: string, secrets: SigningSecrets, now = new Date()): Record<string, string> {
  const keys = [secrets.secret];
  if (secrets.previousSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > now) keys.push(secrets.previousSecret);
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': keys.map((key) => signer(secrets.endpointId, key).sign(eventId, now, body)).join(' '),
  };
}
