"use client";

import { useEffect } from "react";
import { usePathname, useSearchParams } from "next/navigation";
import { recordVisit } from "./attribution";

/**
 * Records each page of the session for lead attribution (visited_pages, linked utm_* params).
 * Mount once in the site layout inside <Suspense>; the forms also record their own page.
 */
export function VisitTracker() {
  const pathname = usePathname();
  const search = useSearchParams();
  useEffect(() => {
    recordVisit();
  }, [pathname, search]);
  return null;
}
