import { describe, expect, it } from "vitest";
import type { DealerManifest } from "../generated/types";
import { ENTRIES_PER_TURN, joinInTurns, keptSitemap, sitemapKey } from "./sitemap-cache";
import { sitemapDocument, sitemapDocumentInTurns } from "./seo";

const manifest = (slug: string) => ({ slug }) as unknown as DealerManifest;

describe("keptSitemap", () => {
  it("builds a dealer's document once per key, and again when the key changes", async () => {
    const m = manifest("a");
    let builds = 0;
    const build = async () => `doc ${++builds}`;
    const [one, two] = await Promise.all([keptSitemap(m, "k1", build), keptSitemap(m, "k1", build)]);
    expect([one, two, builds]).toEqual(["doc 1", "doc 1", 1]);
    expect(await keptSitemap(m, "k1", build)).toBe("doc 1");
    expect(await keptSitemap(m, "k2", build)).toBe("doc 2");
    // Another manifest object (a changed manifest) has its own document.
    expect(await keptSitemap(manifest("a"), "k2", build)).toBe("doc 3");
  });

  it("forgets a build that failed, so the next request builds again", async () => {
    const m = manifest("b");
    await expect(keptSitemap(m, "k", () => Promise.reject(new Error("engine down")))).rejects.toThrow("engine down");
    expect(await keptSitemap(m, "k", async () => "fresh")).toBe("fresh");
  });
});

describe("sitemapKey", () => {
  const now = new Date("2026-11-24T12:00:30Z");
  it("changes with the origin, the served stock and the minute, and not within a minute", () => {
    const at = Date.parse("2026-11-24T12:00:10Z");
    const key = sitemapKey("https://a.com.au", now, "stock-1", at);
    expect(sitemapKey("https://a.com.au", now, "stock-1", at + 40_000)).toBe(key);
    expect(sitemapKey("https://a.com.au", now, "stock-1", at + 60_000)).not.toBe(key);
    expect(sitemapKey("https://a.com.au", now, "stock-2", at)).not.toBe(key);
    expect(sitemapKey("https://b.com.au", now, "stock-1", at)).not.toBe(key);
    expect(sitemapKey("https://a.com.au", new Date(now.getTime() + 60_000), "stock-1", at)).not.toBe(key);
  });
});

describe("the document written in turns", () => {
  it("is the document written at once, with a turn between parts", async () => {
    const urls = Array.from({ length: ENTRIES_PER_TURN * 2 + 5 }, (_, i) => ({ path: `/cars/${i}`, lastModified: new Date(i * 1000) }));
    let turns = 0;
    const doc = await sitemapDocumentInTurns("https://a.com.au", urls, async () => void turns++);
    expect(doc).toBe(sitemapDocument("https://a.com.au", urls));
    expect(turns).toBe(2);
    expect(await sitemapDocumentInTurns("https://a.com.au", [], async () => void turns++)).toBe(sitemapDocument("https://a.com.au", []));
  });

  it("joins nothing to an empty text", async () => {
    expect(await joinInTurns([], String)).toBe("");
  });
});
