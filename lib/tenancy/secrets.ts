import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/** A high-entropy random secret, URL-safe. */
export const randomSecret = (bytes = 32, prefix = '') => `${prefix}${randomBytes(bytes).toString('base64url')}`;

// Client secrets, refresh tokens and device codes are 256-bit random values: a SHA-256 digest is enough to
// store them (STYLE.md habit 7); slow hashing is for the low-entropy secrets people choose (passwords).
export const secretDigest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export function secretMatches(secret: string, digest: string): boolean {
  const presented = Buffer.from(secretDigest(secret));
  const stored = Buffer.from(digest);
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** Passwords are hashed with argon2id. */
export const hashPassword = (password: string) => argon2Hash(password);

export async function passwordMatches(password: string, passwordHash: string): Promise<boolean> {
  try {
    return await argon2Verify(passwordHash, password);
  } catch {
    return false;
  }
}
