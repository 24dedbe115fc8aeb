import { afterEach, describe, expect, it } from "vitest";
import { buildSiteStore, indexSites, ManifestStore, publicDir } from "./store";
import { factOf, heldWithoutExtends, holdManifest, rebuiltManifestCount, resetHeldManifests, wholeManifestCount } from "./held";
import { resolveTenant } from "../tenant";
import path from "node:path";
import type { DealerManifest } from "../generated/types";

afterEach(() => resetHeldManifests());

const served = (store: ReturnType<typeof buildSiteStore>) => store.sites.flatMap((s) => (s.status === "ok" ? [s] : []));

describe("validated manifests held whole only while asked for", () => {
  it("gives back the manifest it holds, rebuilt equal once it has left the cache", () => {
    resetHeldManifests(1);
    const a = { slug: "a", nested: { list: [1, 2, { x: "y" }] } } as unknown as DealerManifest;
    const b = { slug: "b" } as unknown as DealerManifest;
    const heldA = holdManifest(a);
    expect(heldA.read()).toBe(a);
    holdManifest(b);
    expect(wholeManifestCount()).toBe(1);
    const rebuilt = heldA.read();
    expect(rebuilt).not.toBe(a);
    expect(rebuilt).toEqual(a);
    expect(heldA.packed.length).toBeLessThan(JSON.stringify(a).length + 16);
  });

  it("holds 64 whole by default, the most recently read", () => {
    resetHeldManifests();
    const held = Array.from({ length: 65 }, (_, i) => holdManifest({ slug: `d${i}` } as unknown as DealerManifest));
    expect(wholeManifestCount()).toBe(64);
    const before = rebuiltManifestCount();
    held[64].read();
    expect(rebuiltManifestCount()).toBe(before);
    held[0].read();
    expect(rebuiltManifestCount()).toBe(before + 1);
  });

  it("holds the published form of a file that extends templates through the file's own holder", () => {
    resetHeldManifests(1);
    const file = { slug: "a", extends: ["group"], theme: { brand: "#123456" } } as unknown as DealerManifest;
    const held = holdManifest(file);
    const published = heldWithoutExtends(held);
    const first = published.read();
    expect(first).toEqual({ slug: "a", theme: { brand: "#123456" } });
    expect(first.theme).toBe(file.theme);
    expect(published.read()).toBe(first);
    expect(held.read()).toBe(file);
    // Nothing compressed a second time, and a file rebuilt after leaving the cache gives the same published form.
    expect(published.packed).toBe(held.packed);
    holdManifest({ slug: "b" } as unknown as DealerManifest);
    expect(published.read()).toEqual(first);
  });

  it("a store of many dealers keeps only the cache's count of them whole, and serves each the same", () => {
    const whole = buildSiteStore();
    resetHeldManifests(1);
    const held = new ManifestStore({ dir: path.join(process.cwd(), "manifests"), publicDir: publicDir(), log: () => {} }).snapshot();
    expect(served(held).map((s) => s.slug)).toEqual(served(whole).map((s) => s.slug));
    for (const site of served(held)) {
      expect(site.manifest).toEqual(whole.bySlug.get(site.slug)!.status === "ok" && (whole.bySlug.get(site.slug) as typeof site).manifest);
      expect(wholeManifestCount()).toBeLessThanOrEqual(1);
    }
    // A request's host finds its dealer, whose manifest is then read (and held whole).
    const first = served(held)[0];
    expect(resolveTenant(first.hosts[0], held)).toMatchObject({
      kind: "site",
      slug: first.slug,
      manifest: whole.bySlug.get(first.slug)!.status === "ok" ? expect.objectContaining({ slug: first.slug }) : null,
    });
    expect(wholeManifestCount()).toBe(1);
  });
});

describe("what every request and every edit needs of every dealer", () => {
  it("is known without rebuilding any manifest: indexing a snapshot and looking hosts up read none", () => {
    resetHeldManifests(1);
    const dir = path.join(process.cwd(), "manifests");
    const store = new ManifestStore({ dir, publicDir: publicDir(), log: () => {} });
    const before = rebuiltManifestCount();
    store.snapshot();
    const again = indexSites(store.snapshot().sites);
    for (const site of served(store.snapshot())) expect(again.byHost.get(site.hosts[0])?.slug).toBe(site.slug);
    expect(rebuiltManifestCount()).toBe(before);
  });
});

describe("facts of every dealer", () => {
  it("are worked out once per held version, without rebuilding the manifest again", () => {
    resetHeldManifests(1);
    const store = new ManifestStore({ dir: path.join(process.cwd(), "manifests"), publicDir: publicDir(), log: () => {} }).snapshot();
    let derived = 0;
    const feeds = () => served(store).map((s) => factOf(s, "feed", (m) => (derived++, Boolean(m.stockFeed))));
    const first = feeds();
    expect(derived).toBe(served(store).length);
    expect(feeds()).toEqual(first);
    expect(derived).toBe(served(store).length);
  });
});
