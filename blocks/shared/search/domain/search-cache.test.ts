import { describe, expect, it, vi } from "vitest";
import { LRUCache } from "lru-cache";
import { cachedSearchClient, SearchCache } from "./search-cache";

describe("search cache", () => {
  it("is the lru-cache library's LRU, not a hand-written one", () => {
    expect(new SearchCache()).toBeInstanceOf(LRUCache);
  });
  it("holds 10 searches and drops the least recently used", () => {
    const cache = new SearchCache<{ results: number }>();
    for (let i = 0; i < 11; i++) cache.set(`k${i}`, { results: i });
    expect(cache.size).toBe(10);
    expect(cache.has("k0")).toBe(false);
    expect(cache.has("k10")).toBe(true);
  });
  it("answers a repeated search without calling the client, and does not cache failures", async () => {
    const search = vi.fn(async (reqs: unknown) => ({ results: [{ nbHits: 1, reqs }] }));
    const client = cachedSearchClient({ search });
    await client.search([{ indexName: "i", params: { query: "a" } }]);
    const again = await client.search([{ indexName: "i", params: { query: "a" } }]);
    expect(search).toHaveBeenCalledTimes(1);
    expect(again.results[0].nbHits).toBe(1);
    const failing = cachedSearchClient({ search: vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValue({ results: [] }) });
    await expect(failing.search([1])).rejects.toThrow("down");
    await expect(failing.search([1])).resolves.toEqual({ results: [] });
  });
});
