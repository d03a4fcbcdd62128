import pino, { type Logger } from 'pino';
import { config } from './config';

const holder = globalThis as typeof globalThis & { __counterpartLogger?: Logger };

/** One structured logger per process (pino writes JSON lines to stdout). */
export function logger(): Logger {
  holder.__counterpartLogger ??= pino({
    level: process.env.VITEST ? 'silent' : config().LOG_LEVEL,
    base: { service: 'counterpart' },
    redact: ['req.headers.authorization', 'client_secret', 'password'],
  });
  return holder.__counterpartLogger;
}
