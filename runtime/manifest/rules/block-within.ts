import { traitsOf } from "../../block-traits";
import { blocksOf } from "./block-tree";
import type { ManifestRule, RuleProblem } from "./types";

/**
 * A block that is a part of another (its schema's `x-block-traits.within`, e.g. a vehicle page
 * section inside `vehicle-page`) sits in that block's slots, at any depth: elsewhere it has no
 * car to show and would silently render nothing.
 */
export const blockWithin: ManifestRule = {
  id: "block-within",
  description: "Blocks that are parts of another block sit inside that block.",
  check({ manifest }) {
    const problems: RuleProblem[] = [];
    for (const { node, pointer, ancestors } of blocksOf(manifest)) {
      const within = traitsOf(node.type).within;
      if (!within || ancestors.some((a) => a.node.type === within)) continue;
      problems.push({
        pointer,
        message: `block '${node.type}' belongs inside a '${within}' block`,
        hint: `move it into one of the slots of the page's '${within}' block, or remove it`,
      });
    }
    return problems;
  },
};
