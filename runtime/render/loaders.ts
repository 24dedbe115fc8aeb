import { cache } from "react";
import type { BlockNode } from "../generated/types";
import type { BlockDefinition, SiteContext } from "./types";

export const DEFAULT_LOADER_TIMEOUT_MS = 2500;

export type LoaderOutcome = { ok: true; data: unknown } | { ok: false; reason: string };

export interface PlacedBlock {
  /** Stable key of the block within the page, e.g. "page.0" or "page.2.slots.main.1". */
  key: string;
  node: BlockNode;
}

/** Every block of a tree (depth first), with keys. */
export function placeBlocks(nodes: BlockNode[], prefix: string): PlacedBlock[] {
  const out: PlacedBlock[] = [];
  nodes.forEach((node, i) => {
    const key = `${prefix}.${i}`;
    out.push({ key, node });
    for (const [slot, children] of Object.entries(node.slots ?? {})) out.push(...placeBlocks(children as BlockNode[], `${key}.slots.${slot}`));
  });
  return out;
}

function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Loader promises of the current request, so generateMetadata and the page render (which Next
 * runs separately) load each block once. Outside a server request React's cache is a plain call.
 */
const requestLoaderMemo = cache(() => new Map<string, Promise<unknown>>());

function memoKey(node: BlockNode, site: SiteContext): string {
  return JSON.stringify([site.manifest.slug, site.pathname, site.searchParams, node.type, (node as { props?: unknown }).props ?? null]);
}

/**
 * Runs the loaders of a page in parallel, each with a time limit. A failing or slow loader
 * degrades only its own block (allSettled, not all): the page still renders with status 200.
 */
export async function runLoaders(blocks: PlacedBlock[], registry: Record<string, BlockDefinition>, site: SiteContext): Promise<Map<string, LoaderOutcome>> {
  const withLoader = blocks.filter((b) => registry[b.node.type]?.load);
  const settled = await Promise.allSettled(
    withLoader.map((b) => {
      const def = registry[b.node.type];
      const memo = requestLoaderMemo();
      const key = memoKey(b.node, site);
      let promise = memo.get(key);
      if (!promise) {
        promise = withTimeout(Promise.resolve().then(() => def.load!((b.node as any).props ?? {}, site)), def.loaderTimeoutMs ?? DEFAULT_LOADER_TIMEOUT_MS, `loader of ${b.node.type}`);
        memo.set(key, promise);
      }
      return promise;
    }),
  );
  const outcomes = new Map<string, LoaderOutcome>();
  settled.forEach((result, i) => {
    const b = withLoader[i];
    if (result.status === "fulfilled") outcomes.set(b.key, { ok: true, data: result.value });
    else {
      const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      console.error(`[loader] site=${site.manifest.slug} block=${b.node.type} key=${b.key} failed: ${reason}`);
      outcomes.set(b.key, { ok: false, reason });
    }
  });
  return outcomes;
}
