"use client";
import Link from "next/link";
import { useEffect, useSyncExternalStore } from "react";

/** Whether this document was loaded at the current address (not reached by a navigation inside the app). */
const ownDocument = () => performance.getEntriesByType("navigation")[0]?.name === window.location.href;
const unchanging = () => () => {};

/**
 * The 404 element of a page that rendered (runtime/render/page-outcome.ts): never seen on that
 * page. The app keeps the first document's 404 element for every later navigation inside it, so
 * this shows only when such a navigation lands on a path that is not found; it then loads that
 * path as a document of its own, whose 404 is the dealer's, drawn in full by the server. Should
 * a document's own 404 ever be this stand-in, it offers the home page rather than load it again.
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
