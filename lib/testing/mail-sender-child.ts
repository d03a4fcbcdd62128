/**
 * Another Counterpart instance's mail sender, for crash measurements: opens the PostgreSQL database at argv[2], sends
 * through the SMTP server at argv[3] with leases of argv[4] seconds, and prints `ready` once its loop runs. It is
 * meant to be killed (SIGKILL), mid-batch.
 */
import { openDatabase } from '@/db/client';
import { startLoops } from '@/lib/background/runner';
import { resetConfig } from '@/lib/config';
import { logger } from '@/lib/log';
import { createMailSender } from '@/lib/mail/mail-sender';

const [url, smtpUrl, leaseSeconds] = process.argv.slice(2) as [string, string, string];
resetConfig({ SMTP_URL: smtpUrl, LOG_LEVEL: 'silent' });
const handle = await openDatabase({ url, dataDir: 'unused', maxConnections: 5 });
startLoops([createMailSender(handle, { leaseSeconds: Number(leaseSeconds), idleWaitMs: 200 }).loop], logger());
console.log('ready');
