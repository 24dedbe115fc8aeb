/**
 * A dealer's sitemap.xml, built once per what it is made of and kept. The document lists every
 * car page of the dealer with its last change, so building it is a walk over a thousand cars or
 * more (runtime/render/sitemap.ts, in slices); crawlers ask for it again and again, and nothing in
 * it changes until one of these does:
 *
 *  - the manifest (the store gives a changed manifest a new object; documents are kept per object,
 *    so an old manifest's document goes with it);
 *  - the origin the URLs are written under;
 *  - the stock the embedded engine serves (its version, sales laid over it included);
 *  - the minute: which sold cars still have a page is decided to the minute (the dealer's base
 *    stock filter rounds the time down to it), and an Algolia dealer's stock has no local version.
 *
 * Requests that arrive while a document is built wait for that same build. A build that fails is
 * forgotten, so the next request tries again.
 */
import type { DealerManifest } from "../generated/types";
import { servedStockVersion } from "../inventory/stock-version";
import { yieldToLoop } from "../search/yield-to-loop";

interface Kept {
  key: string;
  document: Promise<string>;
}

const kept = new WeakMap<DealerManifest, Kept>();

const minute = (ms: number) => Math.floor(ms / 60_000);

/** What a dealer's document depends on besides its manifest object (see above). */
export function sitemapKey(base: string, now: Date, stockVersion: string = servedStockVersion(), clock: number = Date.now()): string {
  return `${base}\n${stockVersion}\n${minute(clock)}\n${minute(now.getTime())}`;
}

/** The document kept for this manifest and key, or the one `build` makes (kept until the key changes). */
export function keptSitemap(manifest: DealerManifest, key: string, build: () => Promise<string>): Promise<string> {
  const found = kept.get(manifest);
  if (found?.key === key) return found.document;
  const entry: Kept = { key, document: build() };
  kept.set(manifest, entry);
  entry.document.catch(() => {
    if (kept.get(manifest) === entry) kept.delete(manifest);
  });
  return entry.document;
}

/** Entries written between turns of the event loop: a few milliseconds of string work. */
export const ENTRIES_PER_TURN = 2_000;

/**
 * Text made from `items` in parts of ENTRIES_PER_TURN, with a turn for other work between parts
 * (a timer, runtime/search/yield-to-loop.ts): a 50,000-URL sitemap is written without holding the loop.
 */
export async function joinInTurns<T>(items: readonly T[], line: (item: T) => string, pause: () => Promise<void> = yieldToLoop): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += ENTRIES_PER_TURN) {
    if (i > 0) await pause();
    parts.push(
      items
        .slice(i, i + ENTRIES_PER_TURN)
        .map(line)
        .join("\n"),
    );
  }
  return parts.join("\n");
}
