// Order entry: what the server's legal orders offer at a position, and the draft the player builds from
// them. The client checks no rule: it offers only what `legal` lists, within the counts and points it gives;
// limits shared by several orders are the server's to check when the set is sent.
import type { Legal, Order, Position } from "./model";

export type Kind = "move" | "reinforce" | "decoy" | "entrench" | "scout" | "predict";

/** One choice offered at a position: an order to add, with the most of each piece it may carry. */
export interface Offer {
  kind: Kind;
  at: Position;
  to?: Position;
  /** the most units (move, reinforce) or decoys (decoy, move) it may carry */
  maxUnits: number;
  maxDecoys: number;
  cost: { unit: number; decoy: number; fixed: number };
  label: string;
}

export function offersAt(legal: Legal, at: Position): Offer[] {
  const costs = legal.costs;
  const offers: Offer[] = [];
  for (const r of legal.reinforce) {
    if (r.at !== at) continue;
    offers.push({ kind: "reinforce", at, maxUnits: r.cap, maxDecoys: 0, cost: { unit: costs.unit, decoy: 0, fixed: 0 }, label: `Reinforce ${at} with units` });
    offers.push({ kind: "decoy", at, maxUnits: 0, maxDecoys: r.cap, cost: { unit: 0, decoy: costs.decoy, fixed: 0 }, label: `Place decoys on ${at}` });
  }
  for (const m of legal.move) {
    if (m.from !== at) continue;
    offers.push({ kind: "move", at, to: m.to, maxUnits: m.units, maxDecoys: m.decoys, cost: { unit: 0, decoy: 0, fixed: 0 }, label: `Move from ${at} to ${m.to}` });
  }
  for (const e of legal.entrench) {
    if (e.at !== at) continue;
    offers.push({ kind: "entrench", at, maxUnits: 0, maxDecoys: 0, cost: { unit: 0, decoy: 0, fixed: e.cost }, label: e.if_placed ? `Entrench ${at} (with units placed there)` : `Entrench ${at}` });
  }
  if (legal.scout.some((s) => s.at === at)) {
    offers.push({ kind: "scout", at, maxUnits: 0, maxDecoys: 0, cost: { unit: 0, decoy: 0, fixed: costs.scout }, label: `Scout ${at}` });
  }
  if (legal.predict.some((p) => p.at === at)) {
    offers.push({ kind: "predict", at, maxUnits: 0, maxDecoys: 0, cost: { unit: 0, decoy: 0, fixed: costs.predict }, label: `Predict a move into ${at}` });
  }
  return offers;
}

/** The order an offer makes with these counts (a reinforcement of decoys is a reinforce order). */
export function orderOf(offer: Offer, units: number, decoys: number): Order {
  switch (offer.kind) {
    case "reinforce":
      return { reinforce: { at: offer.at, units, decoys: 0 } };
    case "decoy":
      return { reinforce: { at: offer.at, units: 0, decoys } };
    case "move":
      return { move: { from: offer.at, to: offer.to!, units, decoys } };
    case "entrench":
      return { entrench: { at: offer.at } };
    case "scout":
      return { scout: { at: offer.at } };
    case "predict":
      return { predict: { at: offer.at } };
  }
}

/** The points an order spends, at the costs the server gave (an entrenchment's own cost comes with the offer). */
export function costOf(order: Order, legal: Legal): number {
  const c = legal.costs;
  if ("reinforce" in order) return (order.reinforce.units ?? 0) * c.unit + (order.reinforce.decoys ?? 0) * c.decoy;
  if ("entrench" in order) return legal.entrench.find((e) => e.at === order.entrench.at)?.cost ?? c.entrench;
  if ("scout" in order) return c.scout;
  return 0;
}

export function draftCost(draft: readonly Order[], legal: Legal): number {
  return draft.reduce((sum, order) => sum + costOf(order, legal), 0);
}

/** What is left of the turn's points with this draft. */
export function pointsLeft(draft: readonly Order[], legal: Legal): number {
  return legal.points - draftCost(draft, legal);
}

/** The counts an offer can still carry with `left` points (a move costs nothing; placing does). */
export function affordable(offer: Offer, left: number): { units: number; decoys: number; fixed: boolean } {
  const units = offer.cost.unit > 0 ? Math.min(offer.maxUnits, Math.floor(left / offer.cost.unit)) : offer.maxUnits;
  const decoys = offer.cost.decoy > 0 ? Math.min(offer.maxDecoys, Math.floor(left / offer.cost.decoy)) : offer.maxDecoys;
  return { units, decoys, fixed: offer.cost.fixed <= left };
}

/** Whether an offer can be added at all with `left` points. */
export function canAdd(offer: Offer, left: number): boolean {
  const can = affordable(offer, left);
  if (offer.kind === "reinforce") return can.units > 0;
  if (offer.kind === "decoy") return can.decoys > 0;
  if (offer.kind === "move") return offer.maxUnits + offer.maxDecoys > 0;
  return can.fixed;
}

/** The draft with `order` added; an order of the same kind and place replaces the earlier one. */
export function addOrder(draft: readonly Order[], order: Order): Order[] {
  const key = orderKey(order);
  return [...draft.filter((o) => orderKey(o) !== key), order];
}

export function removeOrder(draft: readonly Order[], index: number): Order[] {
  return draft.filter((_, i) => i !== index);
}

function orderKey(order: Order): string {
  if ("move" in order) return `move:${order.move.from}:${order.move.to}`;
  if ("reinforce" in order) return `reinforce:${order.reinforce.at}:${(order.reinforce.units ?? 0) > 0 ? "u" : "d"}`;
  if ("entrench" in order) return `entrench:${order.entrench.at}`;
  if ("scout" in order) return `scout:${order.scout.at}`;
  return `predict:${order.predict.at}`;
}

/** An order in words, for the draft and the history. */
export function describeOrder(order: Order): string {
  if ("move" in order) {
    const m = order.move;
    return `Move ${pieces(m.units ?? 0, m.decoys ?? 0)} from ${m.from} to ${m.to}`;
  }
  if ("reinforce" in order) {
    const r = order.reinforce;
    return `Reinforce ${r.at} with ${pieces(r.units ?? 0, r.decoys ?? 0)}`;
  }
  if ("entrench" in order) return `Entrench ${order.entrench.at}`;
  if ("scout" in order) return `Scout ${order.scout.at}`;
  return `Predict a move into ${order.predict.at}`;
}

function pieces(units: number, decoys: number): string {
  const parts = [];
  if (units) parts.push(`${units} unit${units > 1 ? "s" : ""}`);
  if (decoys) parts.push(`${decoys} decoy${decoys > 1 ? "s" : ""}`);
  return parts.join(" and ");
}
