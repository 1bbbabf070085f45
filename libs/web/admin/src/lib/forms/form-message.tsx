/** A form's outcome: an error (role=alert) or a success (role=status). */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p role="alert" className="admin-message admin-message--error">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p role="status" className="admin-message admin-message--success">
        {success}
      </p>
    );
  }
  return null;
}
