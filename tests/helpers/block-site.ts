/**
 * The site a block test renders into: a dealer named "T" at slug "t" on the home page, with what
 * the test's block reads from the manifest or the request merged over it. Tests state only what
 * their block depends on.
 */
import type { DealerManifest } from "../../runtime/generated/types";
import type { SiteContext } from "../../runtime/render/types";

export function blockSite(manifest: Record<string, unknown> = {}, request: Partial<Omit<SiteContext, "manifest">> = {}): SiteContext {
  return {
    manifest: { slug: "t", name: "T", ...manifest } as unknown as DealerManifest,
    pattern: "/",
    params: {},
    pathname: "/",
    searchParams: {},
    origin: "",
    now: new Date(),
    ...request,
  };
}
