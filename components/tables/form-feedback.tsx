/** The form-wide error of a floor form (success is a toast). */
export function FormFeedback({ error }: { error?: string | undefined }) {
  return (
    <p className="text-sm text-red-700 empty:hidden" role="alert">
      {error}
    </p>
  );
}
