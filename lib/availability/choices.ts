// The dashboard's availability choices and wording, free of zod so the board's client components can import them
// without pulling the validation library into the page.
import type { TimeRange } from './evaluate';

/** The board's pause choices (docs/contract.md#dashboard-names: Pause and Resume on the orders board). */
export const PAUSE_CHOICES = [
  { value: '15', label: '15 min' },
  { value: '30', label: '30 min' },
  { value: '60', label: '1 hour' },
  { value: 'REST_OF_DAY', label: 'Rest of the day' },
  { value: 'UNTIL_RESUMED', label: 'Until resumed' },
] as const;

export const PAUSE_REASONS = ['Too busy', 'Kitchen issue', 'Out of stock', 'Closing early', 'Other'] as const;
export const BUSY_CHOICES = [10, 15, 20, 30, 45, 60] as const;

export const formatRanges = (ranges: TimeRange[]) => ranges.map((range) => `${range.opens}–${range.closes}`).join(', ');
