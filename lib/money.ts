import { z } from 'zod';
import { lenientInteger as integer } from '@/lib/api/validation';

// Money (docs/domain.md#money): integer cents in one of the currencies Counterpart accepts. Orders, sales, bookings and
// loyalty all carry it.

export const CURRENCIES = ['AUD', 'EUR', 'NZD', 'GBP', 'USD'] as const;
export const currencySchema = z.enum(CURRENCIES);

export const moneySchema = z
  .object({
    amount: integer().describe('Amount in the smallest currency unit (cents).'),
    currency: currencySchema.default('AUD'),
  })
  .meta({ id: 'Money', description: 'An amount of money in integer cents.' });

export const moneyPositiveAmountSchema = z
  .object({
    amount: integer({ min: 0 }).describe('Amount in the smallest currency unit (cents); never negative.'),
    currency: currencySchema.default('AUD'),
  })
  .meta({ id: 'MoneyPositiveAmount', description: 'An amount of money in integer cents, zero or more.' });

export type Money = z.output<typeof moneySchema>;
