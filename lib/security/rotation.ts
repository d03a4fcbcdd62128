import { existsSync, linkSync, renameSync, rmSync } from 'node:fs';
import { openDatabase } from '@/db/client';
import { masterKeyString, type Config } from '@/lib/config';
import {
  createKeyFile,
  masterKeyFile,
  masterKeyFromBase64,
  MasterKeyError,
  newMasterKeyBase64,
  pendingKeyFile,
  readKeyFile,
  resolveMasterKey,
  type MasterKey,
} from './master-key';
import { resealStoredSecrets } from './stored-secrets';

export interface RotationResult {
  from: MasterKey;
  to: MasterKey;
  resealed: number;
  /** Where the previous key file was kept (key-file mode), for backups taken before the rotation. */
  retiredFile?: string;
}

type RotationSettings = Pick<Config, 'COUNTERPART_SECRET_KEY' | 'DATA_DIR' | 'DATABASE_URL' | 'NODE_ENV'>;

/**
 * `npm run rotate-secret-key`: re-seals every stored secret with a new master key in one transaction. Counterpart
 * must be stopped meanwhile (an instance still running would seal new secrets with the old key).
 *
 * - COUNTERPART_SECRET_KEY set: the new key is NEW_COUNTERPART_SECRET_KEY, or one generated and printed before the
 *   database is touched; the operator then sets COUNTERPART_SECRET_KEY to it on every instance.
 * - Key file in DATA_DIR: the new key is first written beside it (`….next`), the database re-sealed, then the new file
 *   takes the old one's place and the old one is kept as `….retired-<key id>` for backups taken before. A rotation
 *   interrupted after its commit is finished by running it again (the `.next` file is reused).
 */
export async function rotateMasterKey(settings: RotationSettings, newKeyBase64: string | undefined, print: (line: string) => void): Promise<RotationResult> {
  if (!settings.COUNTERPART_SECRET_KEY && settings.DATA_DIR.startsWith('memory://')) {
    throw new MasterKeyError('DATA_DIR=memory:// keeps nothing once stopped: there is no master key to rotate');
  }
  if (newKeyBase64 !== undefined && !masterKeyString.safeParse(newKeyBase64).success) {
    throw new MasterKeyError('NEW_COUNTERPART_SECRET_KEY: expected base64 of 32 random bytes (e.g. `openssl rand -base64 32`)');
  }
  const file = settings.COUNTERPART_SECRET_KEY ? undefined : masterKeyFile(settings.DATA_DIR);
  if (file && !existsSync(file)) {
    throw new MasterKeyError(`no master key file at ${file}: start Counterpart once (it creates the key), or set COUNTERPART_SECRET_KEY`);
  }
  const from = resolveMasterKey(settings).key;

  let to: MasterKey;
  if (file) {
    const pending = pendingKeyFile(file);
    if (existsSync(pending)) {
      to = readKeyFile(pending);
      if (newKeyBase64 !== undefined && masterKeyFromBase64(newKeyBase64, 'file').kid !== to.kid) {
        throw new MasterKeyError(`${pending} holds another key from an interrupted rotation: run again without NEW_COUNTERPART_SECRET_KEY`);
      }
      print(`finishing the interrupted rotation to the key in ${pending} (key id ${to.kid})`);
    } else {
      to = createKeyFile(pending, Buffer.from(newKeyBase64 ?? newMasterKeyBase64(), 'base64'));
    }
  } else {
    const generated = newKeyBase64 === undefined;
    const base64 = newKeyBase64 ?? newMasterKeyBase64();
    to = masterKeyFromBase64(base64, 'environment');
    // Printed before anything is re-sealed, so the new key cannot be lost with a crash.
    if (generated) print(`new master key (key id ${to.kid}): COUNTERPART_SECRET_KEY=${base64}`);
  }
  if (to.kid === from.kid) throw new MasterKeyError('the new master key is the current one');

  const handle = await openDatabase({ url: settings.DATABASE_URL, dataDir: settings.DATA_DIR, maxConnections: 1 });
  let resealed: number;
  try {
    ({ resealed } = await resealStoredSecrets(handle.db, from, to));
  } finally {
    await handle.close();
  }
  print(`re-sealed ${resealed} secret(s) from master key ${from.kid} to ${to.kid}`);

  if (!file) {
    print(`set COUNTERPART_SECRET_KEY to the new key (key id ${to.kid}) on every instance, then start Counterpart`);
    return { from, to: { ...to, source: 'environment' }, resealed };
  }
  const retiredFile = `${file}.retired-${from.kid}`;
  // The old key is linked aside first, then the new one replaces it in one rename: there is always a key file.
  rmSync(retiredFile, { force: true });
  linkSync(file, retiredFile);
  renameSync(pendingKeyFile(file), file);
  print(`the master key file ${file} now holds key ${to.kid}; the previous key is kept in ${retiredFile} for backups taken before now`);
  return { from, to: readKeyFile(file), resealed, retiredFile };
}
