import { deflateRawSync, inflateRawSync, constants } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { DealerManifest } from "../generated/types";

/**
 * Validated manifests held whole only while they are asked for.
 *
 * A validated manifest (templates merged, the schema's defaults filled in) is about 135 KB of
 * heap: a thousand dealers held that way were 135 MB, most of them for dealers nobody was
 * visiting. Once validated, a manifest is kept as its JSON, compressed (12-17 KB for the sample
 * dealers), and rebuilt from it (a parse, about a millisecond) when asked for and not among the
 * most recently used, which are held whole (`MANIFEST_CACHE_SIZE`, 64 by default: a cached page
 * needs no manifest, a render reads its dealer's once, and at a thousand dealers 200 held whole
 * were 18 MB more at the end of bench:scale's edits than 64). What every
 * request needs of every dealer (slug, hosts, redirect hosts, the claims) is kept beside it by
 * the stores, so looking a host up never rebuilds anything.
 *
 * The JSON is the validated manifest itself, so the rebuilt one is equal to it field for field;
 * what can change is its identity, which nothing may rely on (caches keyed by the manifest object
 * build their entry again). A new version is a new holder: nothing of an older one is served.
 */

const DEFAULT_SIZE = 64;

function sizeFromEnv(): number {
  const n = Number(process.env.MANIFEST_CACHE_SIZE);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_SIZE;
}

const GLOBAL_KEY = Symbol.for("dealer-platform.held-manifests");
type Holder = { [GLOBAL_KEY]?: LRUCache<Buffer, DealerManifest> };

/** The process's cache of whole manifests (one for proxy.ts and the pages: they are separate module instances). */
function whole(): LRUCache<Buffer, DealerManifest> {
  const g = globalThis as Holder;
  return (g[GLOBAL_KEY] ??= new LRUCache<Buffer, DealerManifest>({ max: sizeFromEnv() }));
}

/** Sizes the cache anew (tests; MANIFEST_CACHE_SIZE is read once per process). */
export function resetHeldManifests(max = sizeFromEnv()): void {
  (globalThis as Holder)[GLOBAL_KEY] = new LRUCache<Buffer, DealerManifest>({ max });
}

let rebuilt = 0;

/** How many manifests were rebuilt from their JSON so far (tests). */
export function rebuiltManifestCount(): number {
  return rebuilt;
}

/** How many whole manifests are held now (tests, the memory notes). */
export function wholeManifestCount(): number {
  return whole().size;
}

/** The manifest kept as compressed JSON; `read` gives it whole (from the cache, or rebuilt). */
export interface HeldManifest {
  readonly packed: Buffer;
  read(): DealerManifest;
}

/**
 * A manifest's JSON, deflated, in a buffer of its own size: zlib's output is a view on its working
 * chunk (16 KB for a 9 KB result), and holding the view held the whole chunk.
 */
export function packManifest(manifest: DealerManifest): Buffer {
  const out = deflateRawSync(JSON.stringify(manifest), { level: constants.Z_BEST_SPEED });
  return out.byteLength === out.buffer.byteLength ? out : Buffer.from(new Uint8Array(out));
}

export function holdManifest(manifest: DealerManifest): HeldManifest {
  const held = holdPacked(packManifest(manifest));
  whole().set(held.packed, manifest);
  return held;
}

/**
 * A manifest held from its packed JSON alone (`packManifest`, done in another thread at start):
 * nothing whole is held until it is first read.
 */
export function holdPacked(packed: Buffer): HeldManifest {
  return {
    packed,
    read() {
      const cache = whole();
      let m = cache.get(packed);
      if (!m) {
        rebuilt++;
        m = JSON.parse(inflateRawSync(packed).toString("utf8")) as DealerManifest;
        cache.set(packed, m);
      }
      return m;
    },
  };
}

/** A manifest without the `extends` of its file: what is published of a file that extends templates. */
function withoutExtends(manifest: DealerManifest): DealerManifest {
  const { extends: _merged, ...published } = manifest as DealerManifest & { extends?: unknown };
  return published as DealerManifest;
}

const published = new WeakMap<DealerManifest, DealerManifest>();

/**
 * The published form of a held file that extends templates (`withoutExtends`), held through the
 * file's own holder: the two differ by one key, and holding each compressed was two copies of
 * every such dealer (10 of 25 MB at a thousand dealers). One published object per whole file
 * object, sharing everything but the top level with it.
 */
export function heldWithoutExtends(file: HeldManifest): HeldManifest {
  return {
    packed: file.packed,
    read() {
      const whole = file.read();
      let p = published.get(whole);
      if (!p) published.set(whole, (p = withoutExtends(whole)));
      return p;
    },
  };
}

const HELD = Symbol.for("dealer-platform.held-manifest");

/**
 * Makes `holder.manifest` a getter over a held manifest (a load result, a served site): every
 * reader of `.manifest` stays as it is, while the object keeps only the compressed JSON.
 */
export function manifestHeldIn<T extends { manifest: DealerManifest }>(holder: T, held: HeldManifest): T {
  Object.defineProperty(holder, "manifest", { get: held.read, enumerable: true, configurable: true });
  Object.defineProperty(holder, HELD, { value: held, enumerable: false, configurable: true });
  return holder;
}

const facts = new WeakMap<HeldManifest, Map<string, unknown>>();

/**
 * A fact derived from a holder's manifest, worked out once per held version: for whatever asks
 * something of every dealer again and again (the feed scheduler, each minute), which would
 * otherwise rebuild every manifest not held whole each time. Without a held manifest, it is
 * worked out from the manifest every time.
 */
export function factOf<T>(holder: { manifest: DealerManifest }, name: string, derive: (manifest: DealerManifest) => T): T {
  const held = (holder as { [HELD]?: HeldManifest })[HELD];
  if (!held) return derive(holder.manifest);
  let known = facts.get(held);
  if (!known) facts.set(held, (known = new Map()));
  if (!known.has(name)) known.set(name, derive(held.read()));
  return known.get(name) as T;
}
