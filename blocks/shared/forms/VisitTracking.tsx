import { Suspense } from "react";
import { VisitTracker } from "./VisitTracker";

/**
 * The visit tracker as the root layouts place it at the end of a dealer's page. It reads the query
 * string (useSearchParams), so in a cached page it renders in the browser only, inside Suspense.
 */
export function VisitTracking() {
  return (
    <Suspense fallback={null}>
      <VisitTracker />
    </Suspense>
  );
}
