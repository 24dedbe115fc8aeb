import "server-only";
import { currentRequest } from "../request";
import type { Tenant } from "../tenant";
import { renderSiteBlocks } from "./site-page";
import type { BlockRegistry } from "./types";
import { resolvedWording } from "../wording";
import { requestNow } from "../time";
import { notFoundShown } from "./page-outcome";
import { NotFoundStandIn } from "./not-found-stand-in";

/**
 * The dealer's own themed 404 (header, message, footer); a plain page for unknown hosts. Drawn in
 * full only when this render's page ended in notFound(): otherwise a small stand-in (see
 * page-outcome.ts).
 */
export async function renderNotFound(registry: BlockRegistry) {
  if (!(await notFoundShown())) return <NotFoundStandIn />;
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
