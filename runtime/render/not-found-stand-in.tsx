"use client";
import { Link } from "@/runtime/ui/link";
import { useEffect, useSyncExternalStore } from "react";

/** Whether this document was loaded at the current address (not reached by a navigation inside the app). */
const ownDocument = () => performance.getEntriesByType("navigation")[0]?.name === window.location.href;
const unchanging = () => () => {};

/**
 * The layout's 404 element of a render whose page tracked itself (runtime/render/page-outcome.ts):
 * such a page answers a missing path with the dealer's 404 as its own content, so this is never
 * meant to show. The app keeps the first document's 404 element for every later navigation
 * inside it; should a navigation still end in it, it loads that path as a document of its own
 * (whose 404 the server draws in full). Should a document's own 404 ever be this stand-in, it
 * offers the home page rather than load it again.
 */
export function NotFoundStandIn() {
  const own = useSyncExternalStore(unchanging, ownDocument, () => true);
  useEffect(() => {
    if (!own) window.location.reload();
  }, [own]);
  return own ? (
    <main id="main" className="plain-message">
      <p>
        <Link href="/">Home</Link>
      </p>
    </main>
  ) : null;
}
