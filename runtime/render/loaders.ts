import "server-only";
import { cache } from "react";
import type { BlockNode } from "../generated/types";
import type { BlockRegistry, SiteContext } from "./types";
import { clip } from "@/runtime/http/log.mjs";

export const DEFAULT_LOADER_TIMEOUT_MS = 2500;

/** A block's loaded data; a context provider's outcome also holds what it hands to the blocks below it. */
export type LoaderOutcome = { ok: true; data: unknown; context?: unknown } | { ok: false; reason: string };

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
  return JSON.stringify([site.manifest.slug, site.pathname, site.searchParams, node.type, propsOf(node)]);
}

/** The key of the block whose slot holds this one ("page.1.slots.main.0" → "page.1"), or null at the top. */
export function parentKey(key: string): string | null {
  const at = key.lastIndexOf(".slots.");
  return at < 0 ? null : key.slice(0, at);
}

/** The nearest enclosing block that provides context to the blocks in its slots, or null. */
function providerOf(key: string, byKey: Map<string, PlacedBlock>, registry: BlockRegistry): PlacedBlock | null {
  for (let k = parentKey(key); k !== null; k = parentKey(k)) {
    const b = byKey.get(k);
    if (b && registry[b.node.type]?.provideContext) return b;
  }
  return null;
}

/** A block's props as written in the manifest ({} when it has none). */
export const propsOf = (node: BlockNode): unknown => (node as { props?: unknown }).props ?? {};

/**
 * Runs the loaders of a page in parallel, each with a time limit. A failing or slow loader
 * degrades only its own block (allSettled, not all): the page still renders with status 200.
 *
 * A block inside a context provider (a layout block such as the vehicle page) waits for the
 * provider's loader and gets its context; when the provider's loader fails, so does the block's
 * (it has nothing to show). `only` limits the loaders run (metadata needs only a few blocks);
 * the providers those need run too.
 */
export async function runLoaders(
  blocks: PlacedBlock[],
  registry: BlockRegistry,
  site: SiteContext,
  only?: (b: PlacedBlock) => boolean,
): Promise<Map<string, LoaderOutcome>> {
  const byKey = new Map(blocks.map((b) => [b.key, b]));
  const providers = new Map(blocks.map((b) => [b.key, providerOf(b.key, byKey, registry)]));
  const memo = requestLoaderMemo();
  const wanted = new Set<string>();
  for (const b of blocks) {
    if (only && !only(b)) continue;
    for (let p: PlacedBlock | null = b; p && !wanted.has(p.key); p = providers.get(p.key) ?? null) wanted.add(p.key);
  }

  // Per request, not per call: generateMetadata and the render each run the page's loaders, and
  // share their promises (and a layout's context) through the request memo.
  const keyOf = (b: PlacedBlock): string => {
    const provider = providers.get(b.key);
    return memoKey(b.node, site) + (provider ? `<${keyOf(provider)}` : "");
  };

  const loadOf = (b: PlacedBlock): Promise<unknown> | undefined => {
    const def = registry[b.node.type];
    if (!def?.load) return undefined;
    const key = keyOf(b);
    let promise = memo.get(key);
    if (!promise) {
      const provider = providers.get(b.key);
      const limit = def.loaderTimeoutMs ?? DEFAULT_LOADER_TIMEOUT_MS;
      const run = (ctx: unknown) =>
        withTimeout(
          Promise.resolve().then(() => def.load!(propsOf(b.node), site, ...(provider ? [ctx] : []))),
          limit,
          `loader of ${b.node.type}`,
        );
      promise = provider ? contextOf(provider).then(run) : run(undefined);
      memo.set(key, promise);
    }
    return promise;
  };

  function contextOf(provider: PlacedBlock): Promise<unknown> {
    const key = `context:${keyOf(provider)}`;
    let ctx = memo.get(key);
    if (!ctx) {
      const def = registry[provider.node.type]!;
      ctx = Promise.resolve(loadOf(provider)).then(
        (data) => def.provideContext!(data, propsOf(provider.node)),
        (error: unknown) => {
          throw new Error(`its ${provider.node.type} block has nothing to hand down (${error instanceof Error ? error.message : String(error)})`);
        },
      );
      // Whoever awaits it sees the failure; this keeps a provider whose failure nobody awaits
      // (no section with a loader) from being reported as an unhandled rejection.
      ctx.catch(() => {});
      memo.set(key, ctx);
    }
    return ctx;
  }

  const runs = blocks
    .filter((b) => wanted.has(b.key) && (registry[b.node.type]?.load || registry[b.node.type]?.provideContext))
    .map((b) => ({ b, data: loadOf(b), context: registry[b.node.type]?.provideContext ? contextOf(b) : undefined }));
  const settled = await Promise.allSettled(runs.map(async (r) => ({ data: await r.data, context: await r.context })));
  const outcomes = new Map<string, LoaderOutcome>();
  settled.forEach((result, i) => {
    const { b } = runs[i];
    if (result.status === "fulfilled")
      outcomes.set(b.key, { ok: true, data: result.value.data, ...(runs[i].context ? { context: result.value.context } : {}) });
    else {
      const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      console.error(`[loader] site=${site.manifest.slug} block=${b.node.type} key=${b.key} failed: ${clip(reason)}`);
      outcomes.set(b.key, { ok: false, reason });
    }
  });
  return outcomes;
}
