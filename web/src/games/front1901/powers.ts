/** The seven powers' colours on the map and in the lists (fills light enough for black text). */
export const POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"] as const;
export type Power = (typeof POWERS)[number];

export const POWER_COLOUR: Record<string, string> = {
  AUSTRIA: "#d9534f",
  ENGLAND: "#3b6fd8",
  FRANCE: "#52b5e8",
  GERMANY: "#6b6b6b",
  ITALY: "#3fa34d",
  RUSSIA: "#9b59b6",
  TURKEY: "#e0b419",
};

export function powerName(power: string): string {
  return power.charAt(0) + power.slice(1).toLowerCase();
}
