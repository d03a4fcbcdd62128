/** A form's error for the user to fix (success is a toast). */
export function FormMessage({ error }: { error?: string | undefined; message?: string }) {
  return error ? (
    <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
      {error}
    </p>
  ) : null;
}
