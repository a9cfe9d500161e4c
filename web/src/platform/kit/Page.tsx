// What every platform screen shares: its heading, a view loaded and kept up with the foundation's poller,
// a loading state (never a blank page) and the load's error in words.
import type { ComponentChildren } from "preact";
import { ErrorNote, Loading } from "../../app/errors";
import { api } from "../../app/api";
import { useView, type Load, type View } from "../../app/poll";

/** Lists and boards change slowly: polled every 30 s (a screen that follows a game uses the pace's rate). */
export const LIST_POLL_MS = 30_000;

export function useLoad<T>(key: string | undefined, load: Load<T>, everyMs: number = LIST_POLL_MS): View<T> {
  return useView(key, load, everyMs);
}

/** The view's content once loaded; until then its loading state, or its error. */
export function Loaded<T>({ view, what, children }: { view: View<T>; what: string; children: (data: T) => ComponentChildren }) {
  if (view.data === undefined) {
    return view.error ? <ErrorNote error={view.error} /> : <Loading what={what} />;
  }
  return (
    <>
      {view.error ? <ErrorNote error={view.error} /> : null}
      {children(view.data)}
    </>
  );
}

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function Table({ caption, children }: { caption: string; children: ComponentChildren }) {
  return (
    <div class="table-scroll" role="region" aria-label={`${caption} (table)`} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A screen of the platform: its title (the page's heading) and its content. */
export function Screen({ title, intro, children }: { title: string; intro?: ComponentChildren; children: ComponentChildren }) {
  return (
    <div class="platform">
      <h1>{title}</h1>
      {intro ? <p class="intro">{intro}</p> : null}
      {children}
    </div>
  );
}


/** My balance, where a form puts credits at stake (a stake, an entry fee): the server refuses what I lack. */
export function MyCredits() {
  const view = useView("me", () => api.GET("/v1/me"), LIST_POLL_MS);
  return view.data ? <p class="hint" data-testid="my-credits">I have {view.data.credits} credits.</p> : null;
}
