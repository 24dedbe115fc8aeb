/**
 * What a dealer's sitemap lists, read from its manifest's routes. A static route is its own URL. A
 * parameterised route's URLs are known only to the blocks that render it (the vehicle page knows
 * the dealer's cars, the model page the catalogue): a block folder that has a `urls.ts` exporting
 * `pageUrls` lists them, given the route's pattern so it writes no path of its own. `npm run
 * generate` collects those modules into blocks/page-urls.ts, which app/ hands to the walker here;
 * so this module names no page, path or block type, and loads no block's component code.
 *
 * A route is left out when it is noindex or its flag is off; a block is not asked when its own flag
 * is off (it does not render). Every listed path must resolve to the route that listed it (the
 * manifest's first matching pattern), so a block cannot list a page another route answers.
 */
import type { BlockNode, DealerManifest } from "../generated/types";
import { isEnabled } from "../flags";
import { matchRoute } from "../routing";
import { yieldToLoop } from "../search/yield-to-loop";

/** The sitemap protocol's limit on the URLs in one file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** One page of the sitemap: its site-relative path and, when known, when its content last changed. */
export interface PageUrl {
  path: string;
  lastModified?: Date;
}

/** What a block's `pageUrls` is given besides its props and the route pattern. */
export interface PageUrlsContext {
  manifest: DealerManifest;
  /** The time the sitemap is built for. */
  now: Date;
  /** At most this many URLs are used: a block with a long list may stop there. */
  limit: number;
}

/**
 * A block's list of the pages its parameterised route has, as paths filled into `routePattern`
 * (see routePath). `props` are the block's props as placed in the route, defaults filled.
 */
// `any` by default, as for BlockDefinition: the registry holds each block's own props side by side.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageUrls<P = any> = (props: P, site: PageUrlsContext, routePattern: string) => Promise<PageUrl[]> | PageUrl[];

/** The generated registry (blocks/page-urls.ts): block type -> its `pageUrls`. */
export type PageUrlRegistry = Readonly<Record<string, PageUrls | undefined>>;

/**
 * The path of `pattern` with its parameters filled in, each segment URL-encoded; null when a
 * parameter the pattern needs is missing or empty. `[name]` takes a string, `[...name]` a non-empty
 * list, `[[...name]]` a list that may be empty.
 */
export function routePath(pattern: string, params: Record<string, string | readonly string[] | undefined>): string | null {
  const out: string[] = [];
  for (const seg of pattern.split("/").filter(Boolean)) {
    const m = /^\[\[\.\.\.([a-z_]+)\]\]$|^\[\.\.\.([a-z_]+)\]$|^\[([a-z_]+)\]$/.exec(seg);
    if (!m) {
      out.push(seg);
      continue;
    }
    const [, optionalRest, rest, single] = m;
    if (single) {
      const value = params[single];
      if (typeof value !== "string" || value === "") return null;
      out.push(encodeURIComponent(value));
      continue;
    }
    const value = params[optionalRest ?? rest];
    const list = typeof value === "string" ? [value] : (value ?? []);
    if (list.some((v) => v === "") || (rest && list.length === 0)) return null;
    out.push(...list.map(encodeURIComponent));
  }
  return "/" + out.join("/");
}

/** Whether a route pattern has parameters. */
const isParameterised = (pattern: string) => pattern.includes("[");

/** The blocks of a tree whose flag is on, those in enabled blocks' slots included, in page order. */
function enabledBlocks(manifest: DealerManifest, nodes: readonly BlockNode[] | undefined): BlockNode[] {
  const out: BlockNode[] = [];
  for (const node of nodes ?? []) {
    if (!isEnabled(manifest, node.flag)) continue;
    out.push(node);
    for (const slot of Object.values(node.slots ?? {})) out.push(...enabledBlocks(manifest, slot));
  }
  return out;
}

export interface SitemapResult {
  urls: PageUrl[];
  /** URLs left out because the list reached the limit (0 when none). */
  dropped: number;
}

export interface SitemapOptions {
  now?: Date;
  limit?: number;
  /** Where a block's failure or a dropped URL is reported (default console.error). */
  log?: (message: string) => void;
  /**
   * Lets other work run: awaited whenever the walk has worked SLICE_MS since the last turn
   * (default a timer, runtime/search/yield-to-loop.ts). Tests count the turns with their own.
   */
  yieldToLoop?: () => Promise<void>;
  /** The clock the slices are measured on, in milliseconds (default performance.now). */
  clock?: () => number;
}

/**
 * The longest the walk works before letting other requests in: checking that each listed path
 * resolves to its route is a scan of the dealer's patterns per URL, and a dealer with a thousand
 * cars lists a thousand URLs (about 60 ms in one go on a busy core).
 */
export const SLICE_MS = 8;
/** URLs checked between looks at the clock (a look costs more than a check of a few URLs). */
const URLS_PER_LOOK = 32;

/**
 * The dealer's sitemap entries, in route order: each static, indexable, enabled route, and the
 * pages the blocks of each parameterised one list. Duplicates are listed once. A block whose list
 * fails is logged and left out, so one broken source does not take the sitemap down. Beyond
 * `limit` (the protocol's 50,000) the rest is dropped and logged. The walk works in slices of
 * SLICE_MS, letting other requests run in between.
 */
export async function sitemapEntries(manifest: DealerManifest, registry: PageUrlRegistry, options: SitemapOptions = {}): Promise<SitemapResult> {
  const limit = options.limit ?? SITEMAP_URL_LIMIT;
  const now = options.now ?? new Date();
  const log = options.log ?? ((m: string) => console.error(m));
  const clock = options.clock ?? (() => performance.now());
  const pause = options.yieldToLoop ?? yieldToLoop;
  let sliceStart = clock();
  /** A turn for other work when this one has run its slice. */
  const turn = async () => {
    if (clock() - sliceStart < SLICE_MS) return;
    await pause();
    sliceStart = clock();
  };
  const patterns = Object.keys(manifest.routes);
  const seen = new Set<string>();
  const urls: PageUrl[] = [];
  let dropped = 0;
  const add = (url: PageUrl) => {
    if (seen.has(url.path)) return;
    seen.add(url.path);
    if (urls.length < limit) urls.push(url);
    else dropped++;
  };

  for (const [pattern, route] of Object.entries(manifest.routes)) {
    if (route.noindex || !isEnabled(manifest, route.flag)) continue;
    if (!isParameterised(pattern)) {
      add({ path: pattern });
      continue;
    }
    for (const block of enabledBlocks(manifest, route.blocks)) {
      const list = registry[block.type];
      if (!list) continue;
      await turn();
      let listed: PageUrl[];
      try {
        listed = await list((block as { props?: unknown }).props ?? {}, { manifest, now, limit: Math.max(limit - urls.length, 0) }, pattern);
      } catch (error) {
        log(`[sitemap] site=${manifest.slug} route=${pattern} block=${block.type} failed: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      for (let i = 0; i < listed.length; i++) {
        if (i % URLS_PER_LOOK === URLS_PER_LOOK - 1) await turn();
        const url = listed[i];
        if (matchRoute(patterns, url.path)?.pattern === pattern) add(url);
        else log(`[sitemap] site=${manifest.slug} route=${pattern} block=${block.type} listed ${JSON.stringify(url.path)}, which that route does not answer`);
      }
    }
  }
  if (dropped > 0) log(`[sitemap] site=${manifest.slug} has ${urls.length + dropped} URLs; the first ${limit} are listed, ${dropped} left out`);
  return { urls, dropped };
}
