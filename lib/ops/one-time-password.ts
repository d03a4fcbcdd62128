import { randomBytes } from 'node:crypto';

/** A one-time password for an invited user: shown once in the console, stored only as its hash. */
export const oneTimePassword = () => randomBytes(12).toString('base64url');
