// The router: the History API, paths with :params, and each area's screens loaded on first visit.
import { signal } from "@preact/signals";
import type { AnchorHTMLAttributes, ComponentChildren, ComponentType } from "preact";

export type Params = Record<string, string>;

/** One screen of an area: a path such as /feinthold/games/:gameId and what draws it. */
export interface Route {
  path: string;
  title: string;
  view: ComponentType<{ params: Params }>;
}

/** What an area's index.tsx exports. */
export interface Area {
  routes: Route[];
}

export const location = signal(window.location.pathname + window.location.search);

export function navigate(href: string, replace = false): void {
  if (replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  location.value = href;
  window.scrollTo(0, 0);
}

window.addEventListener("popstate", () => {
  location.value = window.location.pathname + window.location.search;
});

/** The params of `pattern` in `path`, or undefined when it does not match. */
export function match(pattern: string, path: string): Params | undefined {
  const want = pattern.split("/").filter(Boolean);
  const got = path.split("?")[0]!.split("/").filter(Boolean);
  if (want.length !== got.length) return undefined;
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    const value = got[i]!;
    if (part.startsWith(":")) params[part.slice(1)] = decodeURIComponent(value);
    else if (part !== value) return undefined;
  }
  return params;
}

export function Link(props: { href: string; children: ComponentChildren } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { href, children, ...rest } = props;
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
