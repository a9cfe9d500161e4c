// How the platform's screens write times, paces and names: in UTC (the service's days and months are UTC). The
// paces a form offers are the contract's own lists for that call (duelPaceValues, gamePaceValues, ...).
import type { Schemas } from "../../app/api";

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC",
});

/** "1 Dec 2026, 09:00 UTC"; a dash for none. */
export function when(iso: string | null | undefined): string {
  return iso ? `${DATE_TIME.format(new Date(iso))} UTC` : "–";
}

const PACES: Record<Schemas["Pace"], string> = {
  blitz: "blitz (60 s a turn, 120 s the first)",
  "5m": "rapid (5 minutes a turn)",
  "12h": "12 hours a turn",
  "1d": "correspondence, 1 day a turn",
  "2d": "correspondence, 2 days a turn",
  "3d": "correspondence, 3 days a turn",
};

export function paceName(pace: Schemas["Pace"]): string {
  return PACES[pace];
}


/** This month in UTC on the server's clock, as the API writes months: 2026-12. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

/** The month before `month` (YYYY-MM): the last season a month's boards can link to. */
export function monthBefore(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, "0")}`;
}

/** Words for the API's hyphenated names: "ready-room" reads "ready room". */
export function words(name: string): string {
  return name.replace(/[-_]/g, " ");
}
