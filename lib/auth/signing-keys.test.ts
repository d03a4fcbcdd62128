import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signingKeys } from '@/db/schema';
import { useTestDatabase } from '@/lib/testing/database';
import { activeSigningKey, createSigningKey, rotateSigningKey, verificationKey } from './signing-keys';

const database = useTestDatabase();

describe('verification keys', () => {
  it('verifies with the signing key and keeps it, so checking a token needs no query for its key', async () => {
    const db = database.db();
    const { kid } = await activeSigningKey(db);
    const key = await verificationKey(db, kid);
    expect(key).toBeDefined();
    // Once seen, the key is answered from memory: even a database without the row still has it for a while.
    const row = (await db.select().from(signingKeys).where(eq(signingKeys.kid, kid)))[0]!;
    await db.delete(signingKeys).where(eq(signingKeys.kid, kid));
    try {
      expect(await verificationKey(db, kid)).toBe(key);
    } finally {
      await db.insert(signingKeys).values(row);
    }
  });

  it('answers nothing for an unknown key id, and does not remember it (a key created later is found)', async () => {
    const db = database.db();
    expect(await verificationKey(db, 'key_unknown')).toBeUndefined();
    const kid = await createSigningKey(db);
    await db
      .update(signingKeys)
      .set({ retiredAt: new Date(), publishedUntil: new Date(Date.now() + 60_000) })
      .where(eq(signingKeys.kid, kid));
    expect(await verificationKey(db, kid)).toBeDefined();
  });

  it('stops verifying with a retired key once its publication window has ended', async () => {
    const db = database.db();
    const kid = await createSigningKey(db);
    await db
      .update(signingKeys)
      .set({ retiredAt: new Date(Date.now() - 2_000), publishedUntil: new Date(Date.now() - 1_000) })
      .where(eq(signingKeys.kid, kid));
    expect(await verificationKey(db, kid)).toBeUndefined();
  });

  it('keeps verifying the key a rotation retired, for as long as its tokens live', async () => {
    const db = database.db();
    const { kid: retired } = await activeSigningKey(db);
    const next = await db.transaction((tx) => rotateSigningKey(tx, 3600));
    expect((await activeSigningKey(db)).kid).toBe(next);
    expect(await verificationKey(db, retired)).toBeDefined();
    expect(await verificationKey(db, next)).toBeDefined();
  });
});
