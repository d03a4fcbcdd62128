'use client';

import type { z } from 'zod';
import { useDashboardForm } from '@/components/ui/use-dashboard-form';
import type { FormState } from '@/lib/forms';

type FloorAction = (previous: FormState, formData: FormData) => Promise<FormState>;

/**
 * A floor form: checked in the browser with the same zod rules the server action (and the Tables API) applies, so a
 * mistake is shown inline before anything is sent; the action's own field errors (e.g. a number already taken) show
 * in the same place.
 */
export function useFloorForm(action: FloorAction, schema: z.ZodType) {
  return useDashboardForm(action, { schema });
}
