import type { FloorFormState } from '@/lib/tables/floor-forms';

/** The form-wide outcome of a floor form: its error, or a quiet confirmation. */
export function FormFeedback({ state }: { state: FloorFormState }) {
  if (state.error) {
    return (
      <p className="text-sm text-red-600" role="alert">
        {state.error}
      </p>
    );
  }
  if (state.message) {
    return (
      <p className="text-sm text-emerald-700" role="status">
        {state.message}
      </p>
    );
  }
  return null;
}
