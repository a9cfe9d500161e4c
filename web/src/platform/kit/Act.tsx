// A button that changes something: one Idempotency-Key kept across its retries (the foundation's `change`),
// a busy state while it waits, the retry told to the player, and the API's error in words beside it.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { change } from "../../app/change";
import { ErrorNote } from "../../app/errors";

type Call<T> = (idempotencyKey: string) => Promise<{ data?: T; error?: unknown; response: Response }>;

export interface ActProps<T> {
  label: ComponentChildren;
  call: Call<T>;
  onDone?: (answer: T) => void;
  /** Asked before sending (a forfeit, a withdrawal): the player confirms in the page, never by a dialog. */
  confirm?: string;
  disabled?: boolean;
  kind?: "primary" | "danger";
}

export function Act<T>({ label, call, onDone, confirm, disabled, kind = "primary" }: ActProps<T>) {
  const [busy, setBusy] = useState(false);
  const [retry, setRetry] = useState(0);
  const [error, setError] = useState<unknown>(undefined);
  const [asking, setAsking] = useState(false);

  const send = async () => {
    setBusy(true);
    setError(undefined);
    setAsking(false);
    try {
      const answer = await change(call, ({ retry: n }) => setRetry(n));
      onDone?.(answer);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
      setRetry(0);
    }
  };

  return (
    <span class="act">
      {asking ? (
        <span class="confirm" role="group" aria-label="Confirm">
          <span>{confirm}</span>{" "}
          <button type="button" class={`button ${kind}`} onClick={() => void send()}>Yes, {label}</button>{" "}
          <button type="button" class="button" onClick={() => setAsking(false)}>No</button>
        </span>
      ) : (
        <button
          type="button"
          class={`button ${kind}`}
          disabled={disabled || busy}
          aria-busy={busy}
          onClick={() => (confirm ? setAsking(true) : void send())}
        >
          {label}
        </button>
      )}
      {busy && retry > 0 ? <span role="status"> No answer yet: trying again ({retry})…</span> : null}
      <ErrorNote error={error} />
    </span>
  );
}
