// The live channel (docs/api/channel.md): one WebSocket a tab, opened while a view listens to a stream (a game
// of mine, my feed), its token offered beside the subprotocol. An event says a view changed, with the ETag
// its GET now answers: the view fetches again unless it holds that tag. Polling stays the fallback: a tab that
// cannot connect, or is between connections, polls at the pace's rate and loses nothing; on a reconnect each
// stream resubscribes from the last position it got, so the missed events come first, in order, once.
import { bearer } from "./auth";

export const SUBPROTOCOL = "feinthold.v1";
const PING_MS = 5 * 60_000;
const RETRY_MS = [1_000, 2_000, 5_000, 15_000, 30_000];

/** What a stream's event tells a view: the tag its GET now answers (undefined: fetch). */
export type Heard = (etag: string | undefined) => void;

interface Stream {
  subscribe: { game_id: string } | { feed: true };
  listeners: Set<Heard>;
  seq: string | undefined;
  live: boolean;
}

const streams = new Map<string, Stream>();
let socket: WebSocket | undefined;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;

const GAME = /^\/v1\/(feinthold|feint|front1901)\/games\/([^/?]+)(\?.*)?$/;

/** The stream a view's path listens to (undefined: none tells of it). */
export function streamOf(path: string): { key: string; subscribe: Stream["subscribe"] } | undefined {
  if (path === "/v1/feed") return { key: "feed", subscribe: { feed: true } };
  const game = GAME.exec(path);
  return game ? { key: `game:${game[2]}`, subscribe: { game_id: game[2]! } } : undefined;
}

function channelUrl(): string {
  return `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws`;
}

function subscribe(stream: Stream): void {
  const after = stream.seq === undefined ? {} : { after: stream.seq };
  socket?.send(JSON.stringify({ action: "subscribe", ...stream.subscribe, ...after }));
}

function retry(): void {
  clearTimeout(retryTimer);
  if (streams.size === 0) return;
  retryTimer = setTimeout(open, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
  attempt += 1;
}

function open(): void {
  const token = bearer();
  if (socket || streams.size === 0 || token === undefined || typeof WebSocket === "undefined") return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(channelUrl(), [SUBPROTOCOL, `bearer.${token}`]);
  } catch {
    retry();
    return;
  }
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    for (const stream of streams.values()) subscribe(stream);
    pingTimer = setInterval(() => ws.send(JSON.stringify({ action: "ping" })), PING_MS);
  };
  ws.onmessage = (message: MessageEvent<string>) => {
    const said = JSON.parse(message.data) as { type: string; stream?: string; seq?: string; event?: { type: string; etag?: string } };
    const stream = said.stream === undefined ? undefined : streams.get(said.stream);
    if (stream === undefined) return;
    if (said.type === "subscribed") {
      stream.live = true;
      stream.seq = said.seq;
    } else if (said.type === "event") {
      stream.seq = said.seq;
      const etag = said.event?.type === "game" ? said.event.etag : undefined;
      for (const heard of stream.listeners) heard(etag);
    }
  };
  ws.onclose = () => {
    clearInterval(pingTimer);
    socket = undefined;
    for (const stream of streams.values()) stream.live = false;
    retry();
  };
}

/** Whether the stream of `path` is live now (its view may then poll only as a safety net). */
export function isLive(path: string): boolean {
  const found = streamOf(path);
  return found !== undefined && streams.get(found.key)?.live === true;
}

/** `heard` is called on each event of the stream `path` listens to; the answer stops listening. */
export function listen(path: string, heard: Heard): () => void {
  const found = streamOf(path);
  if (found === undefined) return () => {};
  let stream = streams.get(found.key);
  if (stream === undefined) {
    stream = { subscribe: found.subscribe, listeners: new Set(), seq: undefined, live: false };
    streams.set(found.key, stream);
    if (socket?.readyState === WebSocket.OPEN) subscribe(stream);
  }
  stream.listeners.add(heard);
  open();
  const held = stream;
  return () => {
    held.listeners.delete(heard);
    if (held.listeners.size > 0) return;
    streams.delete(found.key);
    if (socket?.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ action: "unsubscribe", ...held.subscribe }));
    }
    if (streams.size === 0) socket?.close();
  };
}
