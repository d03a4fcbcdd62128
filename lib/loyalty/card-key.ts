import { randomBytes } from 'node:crypto';
import type { Executor } from '@/db/client';
import { sealedSetting } from '@/lib/security/stored-secrets';
import { cardFingerprint, lastFour } from './card-fingerprint';

/**
 * The key of every card fingerprint, generated on first use and shared by all instances through the settings
 * table: the same card must have the same fingerprint whichever instance saw the payment. Stored sealed (docs/contract.md#secrets-at-rest):
 * with the key, a dump's fingerprints could be matched against every card number offline.
 */
export function cardFingerprintKey(db: Executor): Promise<string> {
  return sealedSetting(db, 'card_fingerprint_key', () => randomBytes(32).toString('base64url'));
}

/** What is kept of a card number (docs/contract.md#loyalty): its keyed fingerprint and last four digits. */
export async function cardIdentity(db: Executor, pan: string): Promise<{ cardFingerprint: string; lastFour: string }> {
  return { cardFingerprint: cardFingerprint(await cardFingerprintKey(db), pan), lastFour: lastFour(pan) };
}
