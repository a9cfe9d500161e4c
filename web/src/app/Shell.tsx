// The app shell: the header (areas, who is signed in), the current screen, sign-in when nobody is.
import { useEffect, useState } from "preact/hooks";
import { CALLBACK_PATH, completeSignIn, member, signIn, signOut } from "./auth";
import { describe, Loading } from "./errors";
import { Home } from "./Home";
import { Link, location, match, navigate, type Area } from "./router";
import { AREAS, areaOf } from "./routes";

const loaded = new Map<string, Area>();

function Callback() {
  const [failure, setFailure] = useState<unknown>(undefined);
  useEffect(() => {
    completeSignIn(window.location.search).then(
      (next) => navigate(next, true),
      (error: unknown) => setFailure(error),
    );
  }, []);
  if (failure === undefined) return <Loading what="your sign-in" />;
  return (
    <section>
      <h1>Sign-in failed</h1>
      <p class="error" role="alert">
        {describe(failure)}
      </p>
      <button type="button" onClick={() => void signIn("/")}>
        Sign in again
      </button>
    </section>
  );
}

function SignedOut() {
  return (
    <section class="welcome">
      <h1>Feinthold</h1>
      <p>Three games of hidden information: Feinthold, Feint and Front 1901, with duels, tournaments and a Daily Front.</p>
      <button type="button" class="primary" onClick={() => void signIn()}>
        Sign in
      </button>
    </section>
  );
}

function NotYet({ name }: { name: string }) {
  return (
    <section>
      <h1>{name}</h1>
      <p>Not yet: this part of the client is still being built.</p>
    </section>
  );
}

function AreaScreen({ path }: { path: string }) {
  const entry = areaOf(path);
  // The loaded chunk is held with the area it belongs to: a chunk that arrives after the player has moved on to
  // another area is never drawn in its place.
  const [held, setHeld] = useState<{ name: string; area: Area } | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);
  useEffect(() => {
    setFailure(undefined);
    if (!entry?.load || loaded.has(entry.name)) return;
    let current = true;
    entry.load().then(
      (module) => {
        loaded.set(entry.name, module);
        if (current) setHeld({ name: entry.name, area: module });
      },
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [entry?.name]);
  const area = entry ? (loaded.get(entry.name) ?? (held?.name === entry.name ? held.area : undefined)) : undefined;
  if (!entry) return <NotFound />;
  if (!entry.load) return <NotYet name={entry.label} />;
  if (failure !== undefined) return <p class="error" role="alert">{describe(failure)}</p>;
  if (!area) return <Loading what={entry.label} />;
  for (const route of area.routes) {
    const params = match(route.path, path);
    if (params) {
      document.title = `${route.title} · Feinthold`;
      const View = route.view;
      return <View params={params} />;
    }
  }
  return <NotFound />;
}

function NotFound() {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        No screen here. <Link href="/">Home</Link>
      </p>
    </section>
  );
}

export function Shell() {
  const path = location.value.split("?")[0] ?? "/";
  const who = member.value;
  let screen;
  if (path === CALLBACK_PATH) screen = <Callback />;
  else if (!who) screen = <SignedOut />;
  else if (path === "/") {
    document.title = "Home · Feinthold";
    screen = <Home />;
  } else screen = <AreaScreen path={path} />;
  return (
    <>
      <a class="skip" href="#main">
        Skip to the screen
      </a>
      <header class="top">
        <nav aria-label="Areas">
          <Link href="/" class="brand" aria-label="Home">
            Feinthold
          </Link>
          {who
            ? AREAS.map((a) => (
                <Link key={a.name} href={a.prefix} aria-current={path.startsWith(a.prefix) ? "page" : undefined}>
                  {a.label}
                </Link>
              ))
            : null}
        </nav>
        {who ? (
          <div class="who">
            <span>
              Signed in as <strong data-testid="member">{who.sub}</strong>
              {who.moderator ? " (moderator)" : ""}
            </span>
            <button type="button" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {screen}
      </main>
    </>
  );
}
