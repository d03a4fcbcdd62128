import { describe, expect, it } from 'vitest';
import { newPasswordSchema, passwordProblem } from './password-policy';

describe('password rules (NIST 800-63B)', () => {
  it('asks for at least 12 characters, counted as a person counts them, and allows 200', () => {
    expect(passwordProblem('short-pass1')).toBe('must be at least 12 characters');
    expect(passwordProblem('🍕🍕🍕🍕🍕🍕🍕🍕🍕🍕🍕')).toBe('must be at least 12 characters');
    expect(passwordProblem('kitchen pass 7')).toBeUndefined();
    expect(passwordProblem('x'.repeat(150) + ' and more words here ' + 'y'.repeat(29))).toBeUndefined();
    expect(passwordProblem('z'.repeat(180) + 'a'.repeat(21))).toBe('must be at most 200 characters');
  });

  it('refuses common passwords from the shipped list, whatever their case, and repeats of them', () => {
    for (const common of ['password1234', 'QWERTY123456', '1q2w3e4r5t6y', 'qazwsxedcrfv', 'monkeymonkey', 'aaaaaaaaaaaaaaaa']) {
      expect(passwordProblem(common), common).toMatch(/too common/);
    }
  });

  it('sets no composition rules: lowercase words, digits only or symbols only are fine when long and uncommon', () => {
    for (const fine of ['correct horse battery staple', '749302857163', 'our bistro opens at nine', '¡hola, señor cocinero!']) {
      expect(passwordProblem(fine), fine).toBeUndefined();
    }
  });

  it('refuses the account’s own email or its name part', () => {
    expect(passwordProblem('head.chef.sam@bistro.test', { email: 'head.chef.sam@bistro.test' })).toBe('must not be your email address');
    expect(passwordProblem('Head.Chef.Sam', { email: 'head.chef.sam@bistro.test' })).toBe('must not be your email address');
    expect(passwordProblem('head.chef.sam is cooking', { email: 'head.chef.sam@bistro.test' })).toBeUndefined();
  });

  it('reports each problem once at the edge (zod)', () => {
    const short = newPasswordSchema.safeParse('tiny');
    expect(short.error?.issues.map((issue) => issue.message)).toEqual(['must be at least 12 characters']);
    const common = newPasswordSchema.safeParse('password1234');
    expect(common.error?.issues).toHaveLength(1);
    expect(newPasswordSchema.safeParse('plates and forks').success).toBe(true);
  });
});
