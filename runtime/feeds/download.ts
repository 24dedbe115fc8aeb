/**
 * Downloading a dealer's feed from its https address. Only https; the host's addresses are looked
 * up first and the connection goes to a looked-up address that is public (never loopback, a
 * private network, link-local or the like, judged by ipaddr.js), so neither the address nor a
 * redirect can reach the platform's own network; at most 3 redirects, each checked the same way;
 * a time limit for the whole download; and a size cap, counted as the bytes arrive.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import https from "node:https";
import type { IncomingMessage } from "node:http";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { FeedFileError } from "./read";

export interface DownloadOptions {
  maxBytes: number;
  /** The whole download's time limit. */
  timeoutMs?: number;
  /** Looks a host up (default: the system's resolver, every address). */
  resolve?: (host: string) => Promise<string[]>;
  /** Sends the request to one vetted address (default: https.get pinned to it); replaceable in tests. */
  get?: (url: URL, address: string, signal: AbortSignal, headers: Record<string, string>) => Promise<IncomingMessage>;
  /** Which addresses may be reached (default: public unicast only). */
  allowAddress?: (address: string) => boolean;
}

/** True for a public unicast address; false for loopback, private, link-local, carrier-grade NAT, multicast, reserved and the like. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
}

const defaultResolve = async (host: string) => (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

function defaultGet(url: URL, address: string, signal: AbortSignal, headers: Record<string, string>): Promise<IncomingMessage> {
  // The connection goes to the address already checked, whatever the resolver would say now.
  const pinned: LookupFunction = (_host, options, callback) => {
    const family = address.includes(":") ? 6 : 4;
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return new Promise((resolve, reject) => {
    const req = https.get(url, { lookup: pinned, signal, headers: { "user-agent": "dealer-platform stock feed", accept: "*/*", ...headers } }, resolve);
    req.on("error", reject);
  });
}

/** What a guarded request answered: the response after redirects, headers and body unread. */
export interface GuardedResponse {
  res: IncomingMessage;
  /** The address finally asked (after redirects). */
  url: URL;
  signal: AbortSignal;
}

/**
 * Overrides of the resolver, the request and the address check exist for tests only (a stand-in
 * server on this machine); a production process refuses them, and nothing in a manifest or the
 * environment can set them.
 */
function checkOverrides(options: DownloadOptions): void {
  if (process.env.NODE_ENV === "production" && (options.resolve || options.get || options.allowAddress))
    throw new Error("download overrides (resolve, get, allowAddress) are for tests only and are refused in production");
}

/**
 * One GET through the guard: https only, the host looked up and a public address used, at most 3
 * redirects each checked the same way, the whole exchange under the time limit. Returns the first
 * answer that is not a redirect, whatever its status; `what` names the thing in messages ("the
 * feed", "the photo").
 */
export async function guardedRequest(address: string, options: DownloadOptions & { what: string; headers?: Record<string, string> }): Promise<GuardedResponse> {
  checkOverrides(options);
  const { what } = options;
  const resolve = options.resolve ?? defaultResolve;
  const get = options.get ?? defaultGet;
  const allow = options.allowAddress ?? isPublicAddress;
  const signal = AbortSignal.timeout(options.timeoutMs ?? 60_000);
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "https:")
      throw new FeedFileError(`the ${what.replace(/^the /, "")} address ${hop === 0 ? "" : "it was redirected to "}must start with https:// (${url.origin})`);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const addresses = ipaddr.isValid(host) ? [host] : await resolve(host).catch(() => [] as string[]);
    if (addresses.length === 0) throw new FeedFileError(`${what}'s host ${url.hostname} was not found`);
    const target = addresses.find(allow);
    if (!target) throw new FeedFileError(`${what}'s host ${url.hostname} is a private or local address; only public https addresses are downloaded`);
    let res: IncomingMessage;
    try {
      res = await get(url, target, signal, options.headers ?? {});
    } catch (e) {
      throw new FeedFileError(signal.aborted ? `${what} took too long to download` : `${what} could not be downloaded: ${(e as Error).message}`);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
      res.resume();
      if (hop >= 3) throw new FeedFileError(`${what} address redirects more than 3 times`);
      url = new URL(res.headers.location, url);
      continue;
    }
    return { res, url, signal };
  }
}

/** Downloads the feed's bytes, or throws a FeedFileError saying what went wrong in plain words. */
export async function downloadFeed(address: string, options: DownloadOptions): Promise<Uint8Array> {
  const { res, signal } = await guardedRequest(address, { ...options, what: "the feed" });
  const status = res.statusCode ?? 0;
  if (status !== 200) {
    res.resume();
    throw new FeedFileError(`the feed's server answered ${status} instead of the file`);
  }
  return readCapped(res, options.maxBytes, signal, "the feed");
}

/** The body, counted as it arrives and refused past `maxBytes`. */
export async function readCapped(res: IncomingMessage, maxBytes: number, signal: AbortSignal, what: string): Promise<Uint8Array> {
  const limit = maxBytes >= 1_048_576 ? `${Math.round(maxBytes / 1_048_576)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  const declared = Number(res.headers["content-length"] ?? NaN);
  if (declared > maxBytes) {
    res.destroy();
    throw new FeedFileError(
      `${what} is ${declared >= 1_048_576 ? `${Math.round(declared / 1_048_576)} MB` : `${Math.round(declared / 1024)} KB`}, more than the ${limit} limit`,
    );
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of res) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) {
        res.destroy();
        throw new FeedFileError(`${what} is more than the ${limit} limit`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (e) {
    if (e instanceof FeedFileError) throw e;
    throw new FeedFileError(signal.aborted ? `${what} took too long to download` : `the download broke off: ${(e as Error).message}`);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
