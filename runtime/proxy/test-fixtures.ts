/** Shared fixtures for the gates' tests: tenants built by hand and a gate context for a request. */
import path from "node:path";
import { NextRequest } from "next/server";
import { buildSiteStore, type SiteStore } from "@/runtime/manifest/store";
import type { Tenant } from "@/runtime/tenant";
import type { GateContext } from "./gate";
import { gateContext } from "./run";

let store: SiteStore | null = null;

/** A sample dealer (manifests/{slug}.json) as a live site, or as the preview of a draft named `preview`. */
export function siteTenant(slug = "sunshine-chery", preview?: string): Extract<Tenant, { kind: "site" }> {
  store ??= buildSiteStore(path.resolve(import.meta.dirname, "../../manifests"));
  const site = store.bySlug.get(slug);
  if (!site || site.status !== "ok") throw new Error(`sample manifest ${slug} does not load`);
  return preview ? { kind: "site", slug, manifest: site.manifest, preview } : { kind: "site", slug, manifest: site.manifest };
}

export const DIRECTORY: Tenant = { kind: "directory" };
export const UNKNOWN: Tenant = { kind: "unknown", host: "www.not-a-dealer.example" };
export const UNAVAILABLE: Tenant = { kind: "unavailable", slug: "broken-dealer" };

interface RequestInit {
  method?: string;
  /** The Host header; "localhost:3000" unless given. */
  host?: string;
  headers?: Record<string, string>;
  /** The request URL's origin (where the server was reached); http://127.0.0.1:3000 unless given. */
  origin?: string;
}

/** The context the gates see for `path` (with any query) on a request whose tenant is `tenant`. */
export function contextFor(tenant: Tenant, path: string, init: RequestInit = {}): GateContext {
  const host = init.host ?? "localhost:3000";
  const request = new NextRequest(`${init.origin ?? "http://127.0.0.1:3000"}${path}`, { method: init.method ?? "GET", headers: { host, ...init.headers } });
  return gateContext(request, request.headers.get("x-forwarded-host") ?? host, tenant);
}
