/**
 * Algolia secured API keys: `base64(hex(HMAC-SHA256(parentKey, queryString)) + queryString)`
 * where the query string holds the restrictions (keys sorted, URL-encoded, `%20` for
 * spaces, arrays joined with commas) exactly as algoliasearch's `generateSecuredApiKey`
 * builds it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { SearchRequestError } from "./errors";
import { parseFilters, type FilterNode } from "./filter-grammar";
import { decodeV4Params } from "./request";

export interface SecuredKeyRestrictions {
  filters?: string;
  /** Unix time in seconds. */
  validUntil?: number;
  restrictIndices?: string[] | string;
  userToken?: string;
  restrictSources?: string;
  referers?: string[];
  /** Fixed search parameters (merged into the top level, as algoliasearch does). */
  searchParams?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface VerifiedSecuredKey {
  /** The key's filters, to AND with the request's. */
  filter: FilterNode | null;
  filters?: string;
  validUntil?: number;
  restrictIndices?: string[];
  userToken?: string;
  /** Other fixed search parameters; they override the request's. */
  params: Record<string, unknown>;
}

/** Same serialisation as @algolia/client-common's serializeQueryParameters. */
function serialize(parameters: Record<string, unknown>): string {
  return Object.keys(parameters)
    .filter((key) => parameters[key] !== undefined)
    .sort()
    .map((key) => {
      const v = parameters[key];
      return `${key}=${encodeURIComponent(Array.isArray(v) ? v.join(",") : String(v)).replace(/\+/g, "%20")}`;
    })
    .join("&");
}

export function generateSecuredApiKey(parentApiKey: string, restrictions: SecuredKeyRestrictions = {}): string {
  let merged: Record<string, unknown> = { ...restrictions };
  if (restrictions.searchParams) {
    merged = { ...restrictions, ...restrictions.searchParams };
    delete merged.searchParams;
  }
  const qs = serialize(merged);
  return Buffer.from(createHmac("sha256", parentApiKey).update(qs).digest("hex") + qs).toString("base64");
}

const forbidden = (message: string) => new SearchRequestError(message, 403);

/** Does `name` match a restrictIndices pattern (`*` matches any run of characters)? */
export function indexMatchesPattern(name: string, pattern: string): boolean {
  const re = new RegExp(
    "^" +
      pattern
        .split("*")
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*") +
      "$",
  );
  return re.test(name);
}

/** Decode the key's query string if it has the secured-key shape, else null. */
export function decodeSecuredKey(key: string): { hmac: string; queryString: string } | null {
  if (!/^[A-Za-z0-9+/]+=*$/.test(key) || key.length < 88) return null;
  const decoded = Buffer.from(key, "base64").toString("utf8");
  if (decoded.length < 64 || !/^[0-9a-f]{64}$/.test(decoded.slice(0, 64))) return null;
  return { hmac: decoded.slice(0, 64), queryString: decoded.slice(64) };
}

/**
 * Verify a secured key against the configured parent keys (constant-time compare) and
 * check `validUntil` and `restrictIndices` for `indexName`. Throws 403 otherwise.
 * @param now Unix time in seconds.
 */
export function verifySecuredApiKey(key: string, parentKeys: readonly string[], indexName: string, now = Math.floor(Date.now() / 1000)): VerifiedSecuredKey {
  const decoded = decodeSecuredKey(key);
  if (!decoded) throw forbidden("Invalid API key");
  const given = Buffer.from(decoded.hmac, "utf8");
  let ok = false;
  for (const parent of parentKeys) {
    const expected = Buffer.from(createHmac("sha256", parent).update(decoded.queryString).digest("hex"), "utf8");
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  if (!ok) throw forbidden("Invalid API key");
  const raw = decodeV4Params(decoded.queryString);
  const result: VerifiedSecuredKey = { filter: null, params: {} };
  for (const [k, v] of Object.entries(raw)) {
    switch (k) {
      case "filters":
        result.filters = String(v);
        result.filter = parseFilters(String(v), "secured API key filters");
        break;
      case "validUntil": {
        const n = Number(v);
        if (!Number.isFinite(n)) throw forbidden("Invalid API key: validUntil is not a number");
        result.validUntil = n;
        break;
      }
      case "restrictIndices":
        result.restrictIndices = String(v)
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case "userToken":
        result.userToken = String(v);
        break;
      case "restrictSources":
      case "referers":
        break;
      default:
        result.params[k] = v;
    }
  }
  if (result.validUntil !== undefined && result.validUntil < now) throw forbidden("The API key has expired (validUntil)");
  if (result.restrictIndices && result.restrictIndices.length > 0 && !result.restrictIndices.some((p) => indexMatchesPattern(indexName, p))) {
    throw forbidden(`Index not allowed with this API key: ${indexName}`);
  }
  return result;
}
