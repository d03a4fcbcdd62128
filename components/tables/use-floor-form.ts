'use client';

import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import type { FormState } from '@/lib/forms';

type FloorAction = (previous: FormState, formData: FormData) => Promise<FormState>;

/**
 * A floor form: the server action checks it with the same zod rules the Tables API applies, and its field errors (a
 * number already taken, a name too long) show inline. The rules are not repeated in the browser: zod would add
 * ~26 KiB of compressed JavaScript to the page for a check that costs one round trip; the inputs' own constraints
 * (required, lengths) still answer at once.
 */
export function useFloorForm(action: FloorAction) {
  return useDashboardForm(action);
}
