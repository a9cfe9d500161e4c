// The table of lazy areas: one line per area, each its own chunk, loaded on the first visit to its prefix.
// An area whose folder does not exist yet shows "not yet" (import.meta.glob finds only what is there).
import type { Area } from "./router";

const found = import.meta.glob<Area>(["../games/*/index.tsx", "../platform/index.tsx"]);

export interface AreaEntry {
  name: string;
  prefix: string;
  label: string;
  load: (() => Promise<Area>) | undefined;
}

function area(name: string, prefix: string, label: string, file: string): AreaEntry {
  return { name, prefix, label, load: found[file] };
}

export const AREAS: AreaEntry[] = [
  area("feinthold", "/feinthold", "Feinthold", "../games/feinthold/index.tsx"),
  area("feint", "/feint", "Feint", "../games/feint/index.tsx"),
  area("front1901", "/front1901", "Front 1901", "../games/front1901/index.tsx"),
  area("platform", "/platform", "Platform", "../platform/index.tsx"),
];

/** The area whose prefix starts `path` (the longest prefix wins: /feinthold is not /feint). */
export function areaOf(path: string): AreaEntry | undefined {
  return AREAS.filter((a) => path === a.prefix || path.startsWith(a.prefix + "/")).sort(
    (a, b) => b.prefix.length - a.prefix.length,
  )[0];
}
