import { blockTraits } from "./generated/block-traits";
import type { BlockNode } from "./generated/types";

/**
 * What a block declares about itself in its schema.json ("x-block-traits"), generated into a
 * plain map so the proxy and the manifest rules can ask without loading any block:
 *  - pageCache: the block renders the same for every visitor of a host (it reads no cookie, no
 *    query string and nothing of the visitor's; what is personal runs in the browser). A page all
 *    of whose top-level blocks say so is rendered once and served from the rendered-page cache
 *    (runtime/page-cache/); a block holding others in slots answers for them (the vehicle page);
 *  - inputFirst: a form that comes to life as its page hydrates (not a static island that carries
 *    typed values over): a page with it anywhere loads the framework's scripts from the head, not
 *    after its first paint (runtime/render/paint-first.ts);
 *  - listsStock: the block lists the dealer's cars (the search pages), so a cached page holding it
 *    carries every hold on the dealer's cars in its key (runtime/page-cache/cacheable.ts holdPart);
 *  - within: the block is a part of that block type and only valid inside it.
 */
export interface BlockTraits {
  pageCache?: boolean;
  inputFirst?: boolean;
  listsStock?: boolean;
  within?: string;
}

export type BlockTraitName = keyof BlockTraits;

export function traitsOf(type: string): BlockTraits {
  return (blockTraits as Record<string, BlockTraits>)[type] ?? {};
}

/** Whether every top-level block of a route's page has this trait (false for a page without blocks). */
export function everyBlockHasTrait(route: { blocks?: unknown[] }, trait: Exclude<BlockTraitName, "within">): boolean {
  const blocks = route.blocks ?? [];
  return blocks.length > 0 && blocks.every((b) => traitsOf((b as BlockNode).type)[trait] === true);
}

/** Whether a route's page has this trait on any block, those in other blocks' slots included. */
export function treeHasTrait(route: { blocks?: unknown[] }, trait: Exclude<BlockTraitName, "within">): boolean {
  const visit = (nodes: unknown[] | undefined): boolean =>
    (nodes ?? []).some((b) => {
      const node = b as BlockNode;
      return traitsOf(node.type)[trait] === true || Object.values(node.slots ?? {}).some((slot) => visit(slot as unknown[]));
    });
  return visit(route.blocks);
}
