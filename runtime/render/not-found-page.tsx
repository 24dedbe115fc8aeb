import "server-only";
import type { ReactNode } from "react";
import { NOT_FOUND_ATTRIBUTE } from "../http/not-found-status.mjs";
import { currentRequest } from "../request";
import type { Tenant } from "../tenant";
import { renderSiteBlocks } from "./site-page";
import type { BlockRegistry } from "./types";
import { resolvedWording } from "../wording";
import { requestNow } from "../time";
import { notFoundShown } from "./page-outcome";
import { NotFoundStandIn } from "./not-found-stand-in";

/**
 * The layout's 404 element (app/(site)/not-found.tsx): drawn in full only for a render whose page
 * did not track itself (Next's own 404 route), otherwise a small stand-in (see page-outcome.ts).
 */
export async function renderNotFound(registry: BlockRegistry) {
  if (!(await notFoundShown())) return <NotFoundStandIn />;
  const { tenant, origin } = await currentRequest();
  return renderNotFoundFor(registry, tenant, origin);
}

/** What a per-request page answers with when it is not found: the request's dealer's 404, marked for status 404. */
export async function renderRequestNotFound(registry: BlockRegistry) {
  const { tenant, origin } = await currentRequest();
  return notFoundAnswer(await renderNotFoundFor(registry, tenant, origin));
}

/** A page's not-found content with the mark from which the server sends it as 404 (runtime/http/not-found-status.mjs). */
export function notFoundAnswer(content: ReactNode) {
  return (
    <>
      {content}
      <template {...{ [NOT_FOUND_ATTRIBUTE]: "404" }} />
    </>
  );
}

/** The dealer's own themed 404 (header, message, footer); a plain page for unknown hosts. For a tenant already resolved (the cached page's 404 resolves it from the route's host). */
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
