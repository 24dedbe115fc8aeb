import "server-only";
import { currentRequest } from "../request";
import type { Tenant } from "../tenant";
import { renderSiteBlocks } from "./site-page";
import type { BlockRegistry } from "./types";
import { resolvedWording } from "../wording";
import { requestNow } from "../time";

/** The dealer's own themed 404 (header, message, footer); a plain page for unknown hosts. */
export async function renderNotFound(registry: BlockRegistry) {
  const { tenant, origin } = await currentRequest();
  return renderNotFoundFor(registry, tenant, origin);
}

/** The 404 for a tenant already resolved (the cached page's 404 resolves it from the route's host). */
export function renderNotFoundFor(registry: BlockRegistry, tenant: Tenant, origin: string) {
  if (tenant.kind !== "site") {
    return (
      <main id="main" className="plain-message">
        <h1>Site not found</h1>
        <p>There is no dealer website at this address.</p>
      </main>
    );
  }
  const w = resolvedWording(tenant.manifest.wording);
  const site = { manifest: tenant.manifest, pattern: null, params: {}, pathname: "", searchParams: {}, origin, now: requestNow() };
  return renderSiteBlocks(registry, site, [
    {
      type: "rich-text",
      props: {
        heading: w.notFoundTitle,
        headingLevel: 1,
        content: [{ kind: "paragraph", text: `${w.notFoundMessage} [Go to the home page](/)` }],
      },
    },
  ]);
}
