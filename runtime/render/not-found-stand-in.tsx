"use client";
import { useEffect, useState } from "react";

/**
 * The 404 element of a page that rendered (runtime/render/page-outcome.ts): never seen on that
 * page. The app keeps the first document's 404 element for every later navigation inside it, so
 * this shows only when such a navigation lands on a path that is not found; it then loads that
 * path as a document of its own, whose 404 is the dealer's, drawn in full by the server. Should
 * a document's own 404 ever be this stand-in, it offers the home page rather than load it again.
 */
export function NotFoundStandIn() {
  const [stay, setStay] = useState(false);
  useEffect(() => {
    const [loaded] = performance.getEntriesByType("navigation");
    if (loaded?.name !== window.location.href) window.location.reload();
    else setStay(true);
  }, []);
  return stay ? (
    <main id="main" className="plain-message">
      <p>
        <a href="/">Home</a>
      </p>
    </main>
  ) : null;
}
