// Keeping up with a view: the live channel (./live) says when it changed, and polling with If-None-Match is
// the fallback: at the pace's rate (never faster than every 2 s) while the view's stream is not live, once a
// minute as a safety net while it is; one poller per view across the member's tabs (the tab holding the view's
// Web Lock polls and hands each answer to the others on a BroadcastChannel), Retry-After honoured.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { apiError } from "./api";
import { member } from "./auth";
import { serverTime, type ServerTime } from "./clock";
import { isLive, listen } from "./live";

export const FASTEST_POLL_MS = 2000;
/** While the view's stream is live, a poll only in case an event was lost on the way. */
export const LIVE_POLL_MS = 60_000;

export type Load<T> = (ifNoneMatch: string | undefined) => Promise<{ data?: T; error?: unknown; response: Response }>;

export interface View<T> {
  data: T | undefined;
  error: unknown;
  /** the server's clock as of the last answer (the view's `now`, else its Date header) */
  time: ServerTime | undefined;
  /** ask again now (after the player changed something) */
  refresh: () => void;
}

interface Shared<T> {
  etag: string | null;
  data: T;
  now: string;
}

/** The pause before the next poll: `every` (at least 2 s), or what a Retry-After asked for. */
export function nextDelay(everyMs: number, retryAfter: string | null): number {
  const asked = retryAfter === null ? NaN : Number(retryAfter);
  const wait = Number.isFinite(asked) && asked > 0 ? asked * 1000 : 0;
  return Math.max(FASTEST_POLL_MS, everyMs, wait);
}

function nowIn(data: unknown, response: Response): string {
  if (data && typeof data === "object" && "now" in data && typeof data.now === "string") return data.now;
  return new Date(response.headers.get("date") ?? Date.now()).toISOString();
}

/**
 * The view at `key` (one name per view, e.g. the game's path), loaded by `load` and kept up every `everyMs`.
 * `key` undefined: nothing is loaded (not signed in yet, or the id is not known).
 */
export function useView<T>(key: string | undefined, load: Load<T>, everyMs: number): View<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [time, setTime] = useState<ServerTime | undefined>(undefined);
  const etag = useRef<string | undefined>(undefined);
  const loadRef = useRef(load);
  loadRef.current = load;
  const poke = useRef<() => void>(() => {});

  useEffect(() => {
    if (key === undefined) return;
    const name = `feinthold.view:${member.value?.sub ?? ""}:${key}`;
    const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(name);
    const stop = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wake: (() => void) | undefined;
    etag.current = undefined;
    setData(undefined);
    setError(undefined);

    const take = (shared: Shared<T>) => {
      etag.current = shared.etag ?? undefined;
      setData(shared.data);
      setTime(serverTime(shared.now));
      setError(undefined);
    };
    channel?.addEventListener("message", (event: MessageEvent<Shared<T>>) => take(event.data));

    const once = async (): Promise<number> => {
      try {
        const { data: body, error: failed, response } = await loadRef.current(etag.current);
        if (response.status === 304) return nextDelay(everyMs, null);
        if (response.ok && body !== undefined) {
          const shared: Shared<T> = { etag: response.headers.get("etag"), data: body, now: nowIn(body, response) };
          take(shared);
          channel?.postMessage(shared);
        } else {
          setError(apiError(response, failed));
        }
        return nextDelay(everyMs, response.headers.get("retry-after"));
      } catch {
        setError(new Error("the network did not answer; trying again"));
        return nextDelay(everyMs, null);
      }
    };

    // The leader's loop: poll, sleep (or be woken by refresh), poll again, until the view is left.
    const lead = async () => {
      leading = true;
      while (!stop.signal.aborted) {
        heard = false;
        const polled = await once();
        const delay = isLive(key) ? Math.max(polled, LIVE_POLL_MS) : polled;
        if (stop.signal.aborted) return;
        if (heard) continue; // an event came while asking: its answer may be older than the event
        await new Promise<void>((done) => {
          wake = done;
          timer = setTimeout(done, delay);
        });
        wake = undefined;
        clearTimeout(timer);
      }
    };
    poke.current = () => {
      if (wake) wake();
      else void once();
    };
    // An event of the view's stream: the leading tab fetches now, unless the event tags the answer held
    // already (the other tabs get the answer from it on the BroadcastChannel).
    let leading = false;
    let heard = false;
    const unlisten = listen(key, (tag) => {
      if (!leading || (tag !== undefined && tag === etag.current)) return;
      heard = true;
      wake?.();
    });

    if ("locks" in navigator) {
      // Until this tab leads, it shows what the leader shares; it loads once itself so it never waits blank.
      void once();
      navigator.locks.request(name, { signal: stop.signal }, lead).catch(() => {});
    } else {
      void lead();
    }
    return () => {
      unlisten();
      stop.abort();
      clearTimeout(timer);
      wake?.();
      channel?.close();
    };
  }, [key, everyMs]);

  const refresh = useCallback(() => poke.current(), []);
  return { data, error, time, refresh };
}
