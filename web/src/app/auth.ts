// Sign-in: the authorization code grant with PKCE against Cognito's Hosted UI (or the local runner's
// stand-in for it: the same endpoints). Tokens live in memory only, never in localStorage; the refresh
// token renews them a minute before they expire. What must survive the redirect to the sign-in page (the
// verifier, the state, where to come back) waits in sessionStorage until the callback, then is removed.
import { signal } from "@preact/signals";
import { config } from "./config";
import { randomToken, s256 } from "./pkce";

export const CALLBACK_PATH = "/auth/callback";
const PENDING_KEY = "feinthold.signin";

interface Tokens {
  idToken: string;
  refreshToken: string | undefined;
  expiresAt: number;
}

export interface Member {
  sub: string;
  moderator: boolean;
}

let tokens: Tokens | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Who is signed in (undefined: nobody), for the screens. */
export const member = signal<Member | undefined>(undefined);

function claims(jwt: string): Record<string, unknown> {
  const part = jwt.split(".")[1] ?? "";
  const json = atob(part.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
}

export function bearer(): string | undefined {
  return tokens?.idToken;
}

function redirectUri(): string {
  return window.location.origin + CALLBACK_PATH;
}

export async function signIn(returnTo: string = window.location.pathname + window.location.search): Promise<void> {
  const { signIn: where } = await config();
  const verifier = randomToken(48);
  const state = randomToken(16);
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state, returnTo }));
  const query = new URLSearchParams({
    response_type: "code",
    client_id: where.clientId,
    redirect_uri: redirectUri(),
    scope: "openid",
    state,
    code_challenge: await s256(verifier),
    code_challenge_method: "S256",
  });
  window.location.assign(`${where.domain}/oauth2/authorize?${query}`);
}

async function tokenRequest(body: Record<string, string>): Promise<void> {
  const { signIn: where } = await config();
  const answer = await fetch(`${where.domain}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: where.clientId, ...body }),
  });
  const payload = (await answer.json()) as Record<string, unknown>;
  if (!answer.ok) throw new Error(String(payload["error_description"] ?? payload["error"] ?? answer.status));
  const idToken = String(payload["id_token"]);
  const expiresIn = Number(payload["expires_in"] ?? 3600);
  tokens = {
    idToken,
    refreshToken: typeof payload["refresh_token"] === "string" ? payload["refresh_token"] : tokens?.refreshToken,
    expiresAt: Date.now() + expiresIn * 1000,
  };
  const seen = claims(idToken);
  const groups = seen["cognito:groups"];
  member.value = {
    sub: String(seen["cognito:username"] ?? seen["sub"]),
    moderator: Array.isArray(groups) && groups.includes("moderators"),
  };
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => void refresh(), Math.max(5_000, (expiresIn - 60) * 1000));
}

async function refresh(): Promise<void> {
  if (!tokens?.refreshToken) return;
  try {
    await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refreshToken });
  } catch {
    signOutLocally();
  }
}

/** Completes a sign-in on the callback route; answers where to go next. */
export async function completeSignIn(search: string): Promise<string> {
  const params = new URLSearchParams(search);
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? "null") as
    | { verifier: string; state: string; returnTo: string }
    | null;
  sessionStorage.removeItem(PENDING_KEY);
  const error = params.get("error");
  if (error) throw new Error(params.get("error_description") ?? error);
  if (!pending || params.get("state") !== pending.state) {
    throw new Error("this sign-in was not started here (its state does not match): sign in again");
  }
  await tokenRequest({
    grant_type: "authorization_code",
    code: params.get("code") ?? "",
    redirect_uri: redirectUri(),
    code_verifier: pending.verifier,
  });
  // Only a path of this origin (never //elsewhere), and never the callback itself.
  const back = pending.returnTo;
  return back.startsWith("/") && !back.startsWith("//") && !back.startsWith(CALLBACK_PATH) ? back : "/";
}

function signOutLocally(): void {
  tokens = undefined;
  clearTimeout(refreshTimer);
  member.value = undefined;
}

export async function signOut(): Promise<void> {
  signOutLocally();
  const { signIn: where } = await config();
  const query = new URLSearchParams({ client_id: where.clientId, logout_uri: window.location.origin + "/" });
  window.location.assign(`${where.domain}/logout?${query}`);
}
