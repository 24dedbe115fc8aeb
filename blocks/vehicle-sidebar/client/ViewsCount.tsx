"use client";
import { useEffect, useState } from "react";
import { trackEvent } from "@/runtime/analytics";
import { formatNumber } from "@/runtime/finance/format";

const counted = new Set<string>();

/** Counts this view (GET /api/cars/{slug}/view.json) once per page load and shows the total; the feed's count shows until then. Fires event 4 for used cars. */
export function ViewsCount({
  slug,
  initial,
  carId,
  used,
  sink,
  className,
  photosCount,
  websiteId,
}: {
  slug: string;
  initial: number;
  carId: number;
  used: boolean;
  sink?: string;
  className?: string;
  /** The page's photo count and website, sent as view.json's query. */
  photosCount?: number;
  websiteId?: string;
}) {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    if (counted.has(slug)) return;
    counted.add(slug);
    if (used) trackEvent("usedCarView", { car_id: carId }, sink);
    const query = new URLSearchParams();
    if (typeof photosCount === "number") query.set("photos_count", String(photosCount));
    if (websiteId) query.set("website_id", websiteId);
    fetch(`/api/cars/${encodeURIComponent(slug)}/view.json?${query.toString()}`, { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((body: { views?: unknown } | null) => {
        if (body && typeof body.views === "number") setViews(body.views);
      })
      .catch((e: unknown) => console.warn(`[vehicle-page] view not counted: ${e instanceof Error ? e.message : String(e)}`));
  }, [slug, carId, used, sink, photosCount, websiteId]);
  return (
    <p className={className} data-testid="views-count">
      {formatNumber(views)} {views === 1 ? "view" : "views"}
    </p>
  );
}
