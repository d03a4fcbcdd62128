import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';

// NIST SP 800-63B §3.1.1.2: at least 12 characters here, at least 64 allowed, any characters, no composition rules,
// and never a password known to be common or guessed first.
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

// The common-password list zxcvbn uses (tens of thousands of passwords from breaches), shipped with the package.
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase())));

/**
 * Why a chosen password is refused, or undefined when it is acceptable. Length counts characters (code points), as a
 * person counts them; `context` holds words a guesser would try first for this account (its email).
 */
export function passwordProblem(password: string, context: { email?: string } = {}): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return guessableProblem(password, context);
}

/** Why a password of an acceptable length is still refused: it is common, or it is the account's own email. */
function guessableProblem(password: string, context: { email?: string }): string | undefined {
  const folded = password.toLowerCase();
  // A listed password repeated (`qwertyqwerty`) or one character over and over is as weak as the listed one.
  const unit = /^(.+?)\1+$/.exec(folded)?.[1];
  if (commonPasswords().has(folded) || (unit !== undefined && (unit.length === 1 || commonPasswords().has(unit)))) {
    return 'is too common: choose one that is not on lists of leaked passwords (a few unrelated words work well)';
  }
  const email = context.email?.trim().toLowerCase();
  if (email && (folded === email || folded === email.split('@')[0])) return 'must not be your email address';
  return undefined;
}

/** A new password at the edge (zod, so the OpenAPI documents the lengths): the same rules, reported like any other field (docs/contract.md#errors). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine((password, context) => {
    // Lengths are the checks above (zod runs this one even when they fail); this adds only what they cannot say.
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return;
    const problem = guessableProblem(password, {});
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
