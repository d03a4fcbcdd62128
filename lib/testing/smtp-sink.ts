import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  subject: string;
  /** The whole message with quoted-printable undone, for reading links out of it. */
  decoded: string;
  receivedAt: number;
  /** The user the client signed in as, when the sink asks for credentials. */
  user?: string;
  /** Whether the message came over TLS. */
  secure: boolean;
}

export interface SmtpSinkOptions {
  port?: number;
  /** TLS from the first byte (smtps://), with the `smtp-server` package's own self-signed certificate. */
  secure?: boolean;
  /** Credentials the sink requires (AUTH PLAIN/LOGIN); unset: anyone may send. */
  credentials?: { user: string; pass: string };
  /** An SMTP error to answer a message with instead of taking it, e.g. `{ code: 550, message: 'No such user' }`. */
  refuse?: (index: number) => { code: number; message: string } | undefined;
}

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .trim() ?? '';
const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A real SMTP server in the test process (the `smtp-server` package), keeping every message it takes. */
export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const received: ReceivedMail[] = [];
  let offered = 0;
  const server = new SMTPServer({
    logger: false,
    secure: options.secure ?? false,
    disableReverseLookup: true,
    // Closing waits this long for clients to say QUIT (a pooled transport keeps its connection open).
    closeTimeout: 200,
    // Plain SMTP on loopback: the client is not offered STARTTLS with the package's self-signed certificate.
    disabledCommands: options.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.credentials,
    onAuth(auth, _session, callback) {
      const { user, pass } = options.credentials ?? {};
      if (auth.username === user && auth.password === pass) return callback(null, { user: auth.username });
      callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = options.refuse?.(offered++);
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          messageId: header(raw, 'Message-ID'),
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: header(raw, 'Subject'),
          decoded: decodeQuotedPrintable(raw),
          receivedAt: Date.now(),
          user: typeof session.user === 'string' ? session.user : undefined,
          secure: session.secure,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: options.secure ? `smtps://127.0.0.1:${port}/?tls.rejectUnauthorized=false` : `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The first link to this site's `path` in a received mail. */
export function linkIn(mail: ReceivedMail, path: string): string | undefined {
  return new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(mail.decoded)?.[0]?.replaceAll('&amp;', '&');
}
