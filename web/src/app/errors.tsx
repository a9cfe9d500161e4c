// Errors in words, next to what caused them: the API's message, and the field and rule it names.
import { ApiError } from "./api";

export function describe(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message;
  return String(error);
}

/** An error shown where the player acted; `id` lets the field it names point at it (aria-describedby). */
export function ErrorNote({ error, id }: { error: unknown; id?: string }) {
  if (error === undefined || error === null) return null;
  const api = error instanceof ApiError ? error : undefined;
  return (
    <p class="error" role="alert" id={id}>
      {describe(error)}
      {api?.field ? (
        <>
          {" "}
          <span class="error-field">
            (field <code>{api.field}</code>
            {api.rule ? (
              <>
                , rule <code>{api.rule}</code>
              </>
            ) : null}
            )
          </span>
        </>
      ) : api?.rule ? (
        <span class="error-field">
          {" "}
          (rule <code>{api.rule}</code>)
        </span>
      ) : null}
    </p>
  );
}

/** The error whose field starts with `prefix` (e.g. "orders[2]"), for the control that sent it. */
export function errorFor(error: unknown, prefix: string): ApiError | undefined {
  if (error instanceof ApiError && error.field && error.field.startsWith(prefix)) return error;
  return undefined;
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="loading" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}
