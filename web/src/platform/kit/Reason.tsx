// A moderator's action: every one needs its reason, written to the audit log with who and when.
import { useId, useState } from "preact/hooks";
import { change } from "../../app/change";
import { ErrorNote, errorFor } from "../../app/errors";

type Call<T> = (why: string, idempotencyKey: string) => Promise<{ data?: T; error?: unknown; response: Response }>;

export function ReasonAction<T>({ label, call, onDone }: { label: string; call: Call<T>; onDone?: (answer: T) => void }) {
  const [why, setWhy] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const id = useId();
  const onWhy = errorFor(error, "why");

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await change((key) => call(why, key));
      setWhy("");
      onDone?.(answer);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="reason" onSubmit={(event) => void submit(event)}>
      <label for={id}>Reason for “{label}” (written to the audit log)</label>
      <textarea
        id={id}
        value={why}
        rows={2}
        maxLength={500}
        aria-invalid={onWhy ? true : undefined}
        aria-describedby={onWhy ? `${id}-error` : undefined}
        onInput={(event) => setWhy(event.currentTarget.value)}
      />
      {onWhy ? <ErrorNote error={onWhy} id={`${id}-error`} /> : null}
      <button type="submit" class="button danger" disabled={busy} aria-busy={busy}>{label}</button>
      {onWhy ? null : <ErrorNote error={error} />}
    </form>
  );
}
