/**
 * Reading order texts for drawing them: which unit, what kind of order, which places it names.
 * The server reads and judges every order (either notation); this only draws what was written,
 * and matches the places the player clicked against the legal orders the view lists.
 */

export type OrderKind = "hold" | "move" | "support" | "convoy" | "retreat" | "disband" | "build" | "waive";

export interface DrawnOrder {
  text: string;
  kind: OrderKind;
  /** The ordered unit's location (or the built unit's). */
  at: string;
  unitKind: "A" | "F" | null;
  /** The supported or convoyed unit's location. */
  of?: string;
  /** Where the order goes: a move's, retreat's, supported move's or convoyed army's destination. */
  to?: string;
}

const WORDS: Record<string, string> = {
  S: "S", SUPPORT: "S", SUPPORTS: "S", C: "C", CONVOY: "C", CONVOYS: "C", H: "H", HOLD: "H", HOLDS: "H",
  R: "R", RETREAT: "R", RETREATS: "R", D: "D", DISBAND: "D", DISBANDS: "D", REMOVE: "D", B: "B", BUILD: "B",
  BUILDS: "B", "-": "-", TO: "-", M: "-", MOVE: "-", MOVES: "-",
};

function tokens(text: string): string[] {
  return text
    .toUpperCase()
    .replace(/\(\s*(NC|SC|EC)\s*\)/g, "/$1")
    .replace(/\s*\/\s*/g, "/")
    .replace(/\bVIA CONVOY\b|\bBY CONVOY\b|\bVIA\b/g, " ")
    .replace(/-/g, " - ")
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word);
}

const isLocation = (word: string) => /^[A-Z]{3}(\/(NC|SC|EC))?$/.test(word) && !(word in WORDS);

/** The order as drawn, or null when it is not one this page can draw (the server still reads it). */
export function readOrder(text: string): DrawnOrder | null {
  const words = tokens(text);
  if (words.length === 1 && words[0] === "WAIVE") return { text, kind: "waive", at: "", unitKind: null };
  const [head, rest] = unit(words);
  if (!head) return null;
  const [verb, ...tail] = rest;
  const base = { text, at: head.at, unitKind: head.kind };
  if (verb === undefined || verb === "H") return { ...base, kind: "hold" };
  if (verb === "D") return { ...base, kind: "disband" };
  if (verb === "B") return { ...base, kind: "build" };
  if ((verb === "-" || verb === "R") && tail[0] && isLocation(tail[0])) {
    return { ...base, kind: verb === "-" ? "move" : "retreat", to: tail[0] };
  }
  if (verb === "S" || verb === "C") {
    const [other, after] = unit(tail);
    if (!other) return null;
    const to = after[0] === "-" && after[1] && isLocation(after[1]) ? after[1] : undefined;
    return { ...base, kind: verb === "S" ? "support" : "convoy", of: other.at, to };
  }
  return null;
}

function unit(words: string[]): [{ at: string; kind: "A" | "F" | null } | null, string[]] {
  let i = 0;
  let kind: "A" | "F" | null = null;
  if ((words[0] === "A" || words[0] === "F" || words[0] === "ARMY" || words[0] === "FLEET") && words[1] && isLocation(words[1])) {
    kind = words[0][0] as "A" | "F";
    i = 1;
  }
  const at = words[i];
  if (!at || !isLocation(at)) return [null, words];
  return [{ at, kind }, words.slice(i + 1)];
}

/** The places an order names after its unit, in order: "A LVP S F EDI - CLY" -> ["EDI", "CLY"]. */
export function mentions(order: DrawnOrder): string[] {
  return [order.of, order.to].filter((place): place is string => Boolean(place));
}

/** A clicked split coast picks that coast where the order names one; a province, any of its coasts. */
const same = (clicked: string, named: string) =>
  clicked.includes("/") && named.includes("/") ? clicked === named : clicked.slice(0, 3) === named.slice(0, 3);

/**
 * The legal orders of a unit that agree with the places clicked after it (a split coast clicked
 * picks that coast; a province clicked, any of its coasts). Clicking the unit's own place alone is
 * a hold, or in a retreat a disband.
 */
export function ordersMatching(legal: string[], clicks: string[]): string[] {
  return legal.filter((text) => {
    const order = readOrder(text);
    if (!order) return false;
    const [first] = clicks;
    if (clicks.length === 1 && first !== undefined && same(first, order.at)) return order.kind === "hold" || order.kind === "disband";
    const named = mentions(order);
    return clicks.length <= named.length && clicks.every((click, i) => same(click, named[i] ?? ""));
  });
}
