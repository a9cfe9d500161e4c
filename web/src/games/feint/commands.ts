/** Feint's commands in words, and which of the view's legal commands a click on the board means. */
import type { Command, Legal } from "./calls";
import { cellName, sameCell } from "./hexes";

export function describeCommand(legal: Legal): string {
  const c = legal.command;
  const moves = legal.cost === 1 ? "1 Move" : `${legal.cost} Moves`;
  switch (c.kind) {
    case "step":
      return `Step ${c.token} to ${cellName(c.to)} (${moves})`;
    case "two_step":
      return `Two-step ${c.token} through ${cellName(c.via)} to ${cellName(c.to)} (${moves})`;
    case "charge":
      return `Charge ${c.target} with ${c.tokens.join(" and ")}${c.tokens.length > 1 ? `, ${c.walk_in ?? c.tokens[0]} walks in` : ""}: flank +${legal.flanking_bonus ?? 0}, defence +${legal.defence_bonus ?? 0}, ${moves}`;
    case "end_turn":
      return "End my turn";
    case "retreat":
      return `Retreat to ${cellName(c.to)} (1 Move)`;
    case "stand":
      return "Stand and fight";
    case "deal":
      return "A random deal";
    case "deploy":
      return `Deploy on ${c.cells.map(cellName).join(" ")}`;
  }
}

/** The legal commands a token of mine can give: its steps, two-steps and the charges it takes part in. */
export function commandsOf(legal: Legal[], token: string): Legal[] {
  return legal.filter((l) => {
    const c = l.command;
    return ((c.kind === "step" || c.kind === "two_step") && c.token === token) || (c.kind === "charge" && c.tokens.includes(token));
  });
}

/** What clicking this empty cell means, given the selected token (or none: a Retreat). */
export function commandsToCell(legal: Legal[], token: string | null, cell: number[]): Legal[] {
  return legal.filter((l) => {
    const c = l.command;
    if (c.kind === "retreat") return sameCell(c.to, cell);
    return token !== null && (c.kind === "step" || c.kind === "two_step") && c.token === token && sameCell(c.to, cell);
  });
}

/** The charges on this enemy token, the selected one of mine among the attackers when one is selected. */
export function chargesOn(legal: Legal[], target: string, token: string | null): Legal[] {
  return legal.filter((l) => l.command.kind === "charge" && l.command.target === target && (token === null || l.command.tokens.includes(token)));
}

export const isCommand = (kind: Command["kind"]) => (l: Legal) => l.command.kind === kind;
