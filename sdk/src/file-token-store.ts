import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StoredTokens, TokenStore } from './auth.js';

/**
 * Tokens in a JSON file readable only by its owner, replaced atomically: a crash mid-write never loses the rotated
 * refresh token (the old one is dead the moment the new one is issued).
 */
export class FileTokenStore implements TokenStore {
  constructor(private readonly path: string) {}

  async load(): Promise<StoredTokens | undefined> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as StoredTokens;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async save(tokens: StoredTokens): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(tokens), { mode: 0o600 });
    await rename(temporary, this.path);
  }
}
