// A call that changes something carries an Idempotency-Key, made once and kept across its retries: a retry
// after a lost answer is the same request to the server, never a second order or a second charge.
import { ApiError, apiError } from "./api";
import { randomToken } from "./pkce";

export const RETRY_DELAYS_MS = [500, 1500, 4000];

export interface Attempt {
  /** 0 for the first try, then 1, 2, ... */
  retry: number;
}

function retryable(status: number): boolean {
  return status === 0 || status === 429 || status >= 500;
}

function wait(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * Sends `call(key)` with one Idempotency-Key until the server answers (a network failure, a 429 or a 5xx
 * is tried again after a pause, at most RETRY_DELAYS_MS.length times); `onRetry` tells the player.
 */
export async function change<T>(
  call: (idempotencyKey: string) => Promise<{ data?: T; error?: unknown; response: Response }>,
  onRetry: (attempt: Attempt) => void = () => {},
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  const key = randomToken(16);
  for (let retry = 0; ; retry++) {
    let status = 0;
    let failure: ApiError;
    try {
      const { data, error, response } = await call(key);
      if (response.ok && data !== undefined) return data;
      status = response.status;
      failure = apiError(response, error);
      const after = Number(response.headers.get("retry-after"));
      if (retryable(status) && retry < delays.length) {
        onRetry({ retry: retry + 1 });
        await wait(after > 0 ? after * 1000 : (delays[retry] ?? 0));
        continue;
      }
    } catch {
      failure = new ApiError(0, undefined, "the network did not answer");
      if (retry < delays.length) {
        onRetry({ retry: retry + 1 });
        await wait(delays[retry] ?? 0);
        continue;
      }
    }
    throw failure;
  }
}
