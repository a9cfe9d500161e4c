/** What each step of a Feint game did, in words: who moved where, and every battle with its arithmetic. */
import type { Schemas } from "../../app/api";
import { cellName } from "./hexes";

type Battle = Schemas["FeintBattle"];
type Played = { seat: number; kind: string; missed: boolean };

export function battleText(b: Battle): string {
  const who = `${b.attackers.join(" and ")} charged ${b.defender}`;
  if (b.retreated_to) return `${who}: ${b.defender} retreated to ${cellName(b.retreated_to)}${b.walked_in ? `, ${b.walked_in} walked in` : ""}; nothing revealed.`;
  const attack = `attack ${b.attack} (flank +${b.flanking_bonus})`;
  const defence = `defence ${b.defence} (defence bonus +${b.defence_bonus})`;
  const won = b.lost.includes(b.defender);
  return `${who}: ${attack} against ${defence}: ${won ? `${b.defender} lost, ${b.walked_in} walked in` : `ties go to the defender; ${b.lost.join(" and ")} lost`}.`;
}

export function stepText(step: { label: string; kind: string; commands: Played[]; battle: Battle | null; moves?: Schemas["FeintMove"][] }): string {
  const who = step.commands.map((c) => `seat ${c.seat} ${c.missed ? `missed (${c.kind})` : c.kind.replace("_", " ")}`).join(", ");
  const moves = (step.moves ?? [])
    .filter((m) => m.from && m.to)
    .map((m) => `${m.token} ${cellName(m.from!)} → ${cellName(m.to!)}`)
    .join(", ");
  const label = step.kind === "deployment" ? "Deployment" : `${step.kind === "retreat" ? "Retreat" : "Turn"} ${step.label}`;
  return `${label}: ${who}${moves ? `; ${moves}` : ""}${step.battle ? `. ${battleText(step.battle)}` : ""}`;
}
