"use client";

import { useEffect } from "react";
import { trackEvent } from "@/runtime/analytics";

const sent = new Set<string>();

/**
 * Sends analytics event 49 (search page view) once per search page shown. Its own tiny island,
 * not part of the search app: the app goes live only on the first touch or scroll, and a view
 * is a view whether or not the shopper touches anything.
 */
export function SearchPageView({ sink }: { sink?: string }) {
  useEffect(() => {
    const key = window.location.pathname + window.location.search;
    if (sent.has(key)) return;
    sent.add(key);
    trackEvent("searchPageView", { page_path: window.location.pathname }, sink);
  }, [sink]);
  return null;
}
