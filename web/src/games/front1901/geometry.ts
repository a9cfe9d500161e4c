/** Front 1901's drawn map (map/map.json, drawn by map/draw_map.py): shapes, where names and units go. */
import drawn from "./map/map.json";

export interface Region {
  /** The province this shape belongs to; null for land beyond the board. */
  province: string | null;
  /** Flat [x, y, x, y, ...] rings in px. */
  rings: number[][];
  /** Where a fleet on this split coast stands. */
  at?: [number, number];
}

export interface ProvinceShape {
  kind: "land" | "coast" | "sea" | "impassable";
  /** Its regions: the province itself, or its split coasts. */
  regions: string[];
  at: [number, number];
}

export interface MapData {
  width: number;
  height: number;
  regions: Record<string, Region>;
  provinces: Record<string, ProvinceShape>;
  crossings: [string, string][];
}

export const MAP = drawn as unknown as MapData;

/** An SVG path for a region's rings (holes follow the even-odd rule). */
export function regionPath(region: Region): string {
  return region.rings
    .map((ring) => {
      let d = `M${ring[0]} ${ring[1]}`;
      for (let i = 2; i < ring.length; i += 2) d += `L${ring[i]} ${ring[i + 1]}`;
      return d + "Z";
    })
    .join("");
}

const PATHS = new Map<string, string>(Object.entries(MAP.regions).map(([name, region]) => [name, regionPath(region)]));

export function pathOf(region: string): string {
  return PATHS.get(region) ?? "";
}

/** The province of a location: "STP/SC" -> "STP". */
export function provinceOf(location: string): string {
  return location.slice(0, 3);
}

/** Where a unit on this location is drawn: a split coast's own spot, else the province's. */
export function pointOf(location: string): [number, number] {
  const coast = MAP.regions[location];
  if (coast?.at && location.includes("/")) return coast.at;
  return MAP.provinces[provinceOf(location)]?.at ?? [0, 0];
}
