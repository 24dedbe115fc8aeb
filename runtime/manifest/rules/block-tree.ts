import { pathToPointer } from "../problems";
import type { DealerManifest } from "../../generated/types";

/** A block in one of the manifest's trees, with its pointer and the blocks whose slots hold it (outermost first). */
export interface PlacedNode {
  node: { type: string; props?: unknown; slots?: Record<string, unknown[]> };
  pointer: string;
  ancestors: PlacedNode[];
}

/** Every block of the layout (header, footer) and of every route, depth first, slots included. */
export function blocksOf(manifest: DealerManifest): PlacedNode[] {
  const out: PlacedNode[] = [];
  const walk = (nodes: unknown, pointer: string, ancestors: PlacedNode[]) => {
    if (!Array.isArray(nodes)) return;
    nodes.forEach((n, i) => {
      if (!n || typeof n !== "object" || typeof (n as { type?: unknown }).type !== "string") return;
      const placed: PlacedNode = { node: n as PlacedNode["node"], pointer: `${pointer}/${i}`, ancestors };
      out.push(placed);
      for (const [slot, children] of Object.entries(placed.node.slots ?? {}))
        walk(children, `${placed.pointer}/slots${pathToPointer([slot])}`, [...ancestors, placed]);
    });
  };
  const layout = (manifest.layout ?? {}) as Record<string, unknown>;
  for (const part of ["header", "footer"]) walk(layout[part], `/layout/${part}`, []);
  for (const [pattern, route] of Object.entries(manifest.routes ?? {}))
    walk((route as { blocks?: unknown }).blocks, `/routes${pathToPointer([pattern])}/blocks`, []);
  return out;
}
