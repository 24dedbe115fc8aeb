import path from "node:path";
import { pictureSlots } from "../../generated/picture-slots";
import { blocksOf } from "./block-tree";
import type { ManifestRule, RuleProblem } from "./types";

/** How far a picture's width:height may stray from its slot's before it is cropped or boxed visibly. */
export const RATIO_TOLERANCE = 0.1;

/** Where each $defs entry with a picture field sits in a manifest. Blocks are found by their type. */
const PLACES: Record<string, (m: Record<string, unknown>) => [unknown, string][]> = {
  manifest: (m) => [[m, ""]],
  tile: (m) => ((m.tiles as unknown[]) ?? []).map((t, i) => [t, `/tiles/${i}`]),
  brand: (m) =>
    Object.entries((m.brands as Record<string, unknown[]>) ?? {}).flatMap(([kind, list]) =>
      (Array.isArray(list) ? list : []).map((b, i): [unknown, string] => [b, `/brands/${kind}/${i}`]),
    ),
};

/** Values at a path ("*" = every array item) below a value, with their pointers. */
function valuesAt(value: unknown, at: readonly string[], pointer: string): [unknown, string][] {
  if (at.length === 0) return [[value, pointer]];
  const [head, ...rest] = at;
  if (head === "*") return Array.isArray(value) ? value.flatMap((v, i) => valuesAt(v, rest, `${pointer}/${i}`)) : [];
  if (!value || typeof value !== "object" || !(head in value)) return [];
  return valuesAt((value as Record<string, unknown>)[head], rest, `${pointer}/${head}`);
}

/**
 * A picture drawn in a slot of fixed proportions (the schema's `x-picture-ratio`, generated into
 * runtime/generated/picture-slots.ts) is cropped or boxed when its own proportions differ. A warning: the
 * site still works. Only pictures under public/ are read (https pictures are not fetched).
 */
export const imageProportions: ManifestRule = {
  id: "image-proportions",
  description: "Pictures have the proportions of their slot (warning).",
  check({ manifest, publicDir, imageSize }) {
    if (!imageSize) return [];
    const problems: RuleProblem[] = [];
    const m = manifest as unknown as Record<string, unknown>;
    const blocks = blocksOf(manifest);
    for (const slot of pictureSlots) {
      const owners: [unknown, string][] = slot.def.startsWith("block-")
        ? blocks.filter((b) => `block-${b.node.type}` === slot.def).map((b) => [b.node.props, `${b.pointer}/props`])
        : (PLACES[slot.def]?.(m) ?? []);
      for (const [owner, base] of owners) {
        for (const [src, pointer] of valuesAt(owner, slot.path, base)) {
          if (typeof src !== "string" || !src.startsWith("/") || src.startsWith("//")) continue;
          const abs = path.join(publicDir, src.split(/[?#]/)[0]);
          if (!abs.startsWith(publicDir + path.sep)) continue;
          const size = imageSize(abs);
          if (!size || !size.width || !size.height) continue;
          const [w, h] = slot.ratio;
          const off = Math.abs(size.width / size.height / (w / h) - 1);
          if (off <= RATIO_TOLERANCE) continue;
          problems.push({
            pointer,
            severity: "warning",
            message: `the picture '${src}' is ${size.width}×${size.height}, but this place shows pictures at ${w}:${h}: it will be cropped or boxed`,
            hint: `crop it to ${w}:${h} (for example ${suggestSize(size.width, w, h)})`,
          });
        }
      }
    }
    return problems;
  },
};

function suggestSize(width: number, w: number, h: number): string {
  return `${width}×${Math.round((width * h) / w)} pixels`;
}
