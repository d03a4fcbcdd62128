// `npm run rotate-secret-key`: re-seals every secret stored at rest with a new master key (README, "Backups and the
// master key"). Stop Counterpart first. The new key: NEW_COUNTERPART_SECRET_KEY, or one generated here.
import { config, ConfigError } from '../lib/config';
import { MasterKeyError } from '../lib/security/master-key';
import { rotateMasterKey } from '../lib/security/rotation';
import { SealedSecretError } from '../lib/security/sealed-secrets';

try {
  await rotateMasterKey(config(), process.env.NEW_COUNTERPART_SECRET_KEY || undefined, (line) => console.log(line));
  process.exit(0);
} catch (error) {
  if (error instanceof ConfigError || error instanceof MasterKeyError || error instanceof SealedSecretError) {
    console.error(`Cannot rotate the master key: ${error.message}`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
