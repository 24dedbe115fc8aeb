import { traitsOf } from "../../block-traits";
import { blocksOf } from "./block-tree";
import type { ManifestRule, RuleProblem } from "./types";

/**
 * Inside one vehicle page each of its parts (a block declaring `within: "vehicle-page"`: a
 * section, the viewer, the sidebar) appears once, and so does each sidebar button's action: a
 * section twice would repeat its heading and the element ids its toggle and anchors rely on.
 */
export const vehiclePageSections: ManifestRule = {
  id: "vehicle-page-sections",
  description: "A vehicle page holds each of its sections, and each sidebar button, once.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    const firstIn = new Map<string, Map<string, string>>(); // vehicle page pointer → part type → first pointer
    for (const { node, pointer, ancestors } of blocksOf(manifest)) {
      if (node.type === "vehicle-sidebar") {
        const buttons = (node.props as { buttons?: { action?: string }[] } | undefined)?.buttons ?? [];
        const seen = new Map<string, number>();
        buttons.forEach((b, i) => {
          if (typeof b?.action !== "string") return;
          if (seen.has(b.action))
            problems.push({
              pointer: `${pointer}/props/buttons/${i}`,
              message: `sidebar button '${b.action}' is listed twice (first at index ${seen.get(b.action)})`,
              hint: "each action may appear once; remove one",
            });
          else seen.set(b.action, i);
        });
      }
      if (traitsOf(node.type).within !== "vehicle-page") continue;
      const page = [...ancestors].reverse().find((a) => a.node.type === "vehicle-page");
      if (!page) continue; // the block-within rule reports it
      const parts = firstIn.get(page.pointer) ?? new Map<string, string>();
      firstIn.set(page.pointer, parts);
      const first = parts.get(node.type);
      if (first)
        problems.push({
          pointer,
          message: `block '${node.type}' appears twice in this vehicle page (first at ${first})`,
          hint: "each section may appear once in a vehicle page; remove one",
        });
      else parts.set(node.type, pointer);
    }
    return problems;
  },
};
