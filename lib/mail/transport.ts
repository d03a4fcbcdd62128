import { createTransport, type Transporter } from 'nodemailer';

// An attempt must end well within the claim's lease (mail-sender.ts), so a mail is never sent twice in parallel.
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transports = new Map<string, Transporter>();

/** The nodemailer transport for an SMTP_URL (smtp:// with STARTTLS when offered, smtps:// TLS from the start), made once. */
export function smtpTransport(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Pooled: a batch reuses a few connections instead of one handshake per mail.
    transport = createTransport({ url, pool: true, maxConnections: 3, ...SMTP_TIMEOUTS });
    transports.set(url, transport);
  }
  return transport;
}

/** Closes every transport (tests, shutdown). */
export function closeSmtpTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
