import { describe, expect, it } from "vitest";
import { algoliasearch } from "algoliasearch";
import { SearchRequestError } from "./errors";
import { formatFilter } from "./filter-grammar";
import { decodeSecuredKey, generateSecuredApiKey, indexMatchesPattern, verifySecuredApiKey } from "./secured-keys";

const PARENT = "parent-search-key-123";

/** The Node build has generateSecuredApiKey; the types resolve to the browser build here. */
type WithSecuredKeys = { generateSecuredApiKey(o: { parentApiKey: string; restrictions?: Record<string, unknown> }): string };
const fullClient = () => algoliasearch("APPID", "admin-key") as unknown as WithSecuredKeys;
const NOW = 1_750_000_000;

function status(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof SearchRequestError ? e.status : -1;
  }
  return undefined;
}

describe("secured API keys", () => {
  const restrictions = {
    filters: "dealership_id:101 AND NOT status:sold",
    validUntil: NOW + 3600,
    restrictIndices: ["Car_production*", "Offers"],
    userToken: "user 42",
  };

  it("matches algoliasearch's own generateSecuredApiKey byte for byte", () => {
    const client = fullClient();
    const theirs = client.generateSecuredApiKey({ parentApiKey: PARENT, restrictions });
    expect(generateSecuredApiKey(PARENT, restrictions)).toBe(theirs);
    const withParams = client.generateSecuredApiKey({ parentApiKey: PARENT, restrictions: { searchParams: { hitsPerPage: 5, filters: "make:Ford" } } });
    expect(generateSecuredApiKey(PARENT, { searchParams: { hitsPerPage: 5, filters: "make:Ford" } })).toBe(withParams);
  });

  it("verifies keys made by algoliasearch and returns their restrictions", () => {
    const client = fullClient();
    const key = client.generateSecuredApiKey({ parentApiKey: PARENT, restrictions: { ...restrictions, searchParams: { hitsPerPage: 5 } } });
    const v = verifySecuredApiKey(key, ["other", PARENT], "Car_production:price:desc", NOW);
    expect(formatFilter(v.filter!)).toBe("dealership_id:101 AND NOT status:sold");
    expect(v.restrictIndices).toEqual(["Car_production*", "Offers"]);
    expect(v.userToken).toBe("user 42");
    expect(v.params).toEqual({ hitsPerPage: "5" });
    expect(decodeSecuredKey(key)!.queryString).toContain("filters=dealership_id%3A101%20AND%20NOT%20status%3Asold");
  });

  it("rejects wrong parents, tampering, expiry and other indices with 403", () => {
    const key = generateSecuredApiKey(PARENT, restrictions);
    expect(status(() => verifySecuredApiKey(key, ["wrong"], "Car_production", NOW))).toBe(403);
    const decoded = Buffer.from(key, "base64").toString("utf8").replace("101", "999");
    expect(status(() => verifySecuredApiKey(Buffer.from(decoded).toString("base64"), [PARENT], "Car_production", NOW))).toBe(403);
    expect(status(() => verifySecuredApiKey(key, [PARENT], "Car_production", NOW + 7200))).toBe(403);
    expect(status(() => verifySecuredApiKey(key, [PARENT], "Other_index", NOW))).toBe(403);
    expect(status(() => verifySecuredApiKey("not-a-key", [PARENT], "Car_production", NOW))).toBe(403);
    expect(status(() => verifySecuredApiKey(key, [PARENT], "Offers", NOW))).toBeUndefined();
    expect(status(() => verifySecuredApiKey(generateSecuredApiKey(PARENT, { filters: "a:(" }), [PARENT], "X", NOW))).toBe(400);
  });

  it("index patterns", () => {
    expect(indexMatchesPattern("Car_production:price:desc", "Car_production*")).toBe(true);
    expect(indexMatchesPattern("Car_production", "Car_production")).toBe(true);
    expect(indexMatchesPattern("Car_staging", "Car_production*")).toBe(false);
    expect(indexMatchesPattern("a.b", "a*b")).toBe(true);
    expect(indexMatchesPattern("axb", "a.b")).toBe(false);
  });
});
