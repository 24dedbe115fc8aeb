/** schema.org markup of a location: AutoDealer (AutoRepair for service, AutoPartsStore for parts) with its hours, holiday hours included. */
import type { ResolvedLocation } from "@/runtime/generated/types";
import { WEEKDAY_NAMES } from "./hours";
import { addressLine, directionsUrl } from "./lookup";
import { locationRating } from "./rating";

const SCHEMA_TYPE: Record<string, string> = {
  "": "AutoDealer",
  sales: "AutoDealer",
  service: "AutoRepair",
  parts: "AutoPartsStore",
  "service-and-parts": "AutoRepair",
};

export function locationJsonLd(location: ResolvedLocation, opts: { url: string; image?: string }): Record<string, unknown> {
  const a = location.address;
  const out: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": SCHEMA_TYPE[location.location_type] ?? "AutoDealer",
    name: location.name,
    url: opts.url,
    telephone: location.contact_detail.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.state.toUpperCase(),
      postalCode: a.postcode,
      addressCountry: "AU",
    },
    hasMap: directionsUrl(location),
  };
  if (location.contact_detail.email) out.email = location.contact_detail.email;
  if (typeof a.lat === "number" && typeof a.long === "number") out.geo = { "@type": "GeoCoordinates", latitude: a.lat, longitude: a.long };
  if (opts.image) out.image = opts.image;
  const spec: Record<string, unknown>[] = [];
  // Days with the same hours share one specification (schema.org allows a list of days).
  const byHours = new Map<string, string[]>();
  for (const e of location.contact_detail.opening_hours ?? []) {
    if (e.status !== "Open" || !e.open || !e.close) continue;
    const key = `${e.open}-${e.close}`;
    byHours.set(key, [...(byHours.get(key) ?? []), WEEKDAY_NAMES[e.weekday]]);
  }
  for (const [key, days] of byHours) {
    const [opens, closes] = key.split("-");
    spec.push({ "@type": "OpeningHoursSpecification", dayOfWeek: days, opens, closes });
  }
  // Holiday hours: a closed day is opens = closes = 00:00 for that date (schema.org's convention).
  for (const s of location.special_hours ?? []) {
    const open = s.status === "Open" && s.start_hour && s.end_hour;
    spec.push({
      "@type": "OpeningHoursSpecification",
      validFrom: s.date,
      validThrough: s.date,
      opens: open ? s.start_hour : "00:00",
      closes: open ? s.end_hour : "00:00",
    });
  }
  if (spec.length) out.openingHoursSpecification = spec;
  const rating = locationRating(location);
  if (rating) out.aggregateRating = { "@type": "AggregateRating", ratingValue: rating.average, reviewCount: rating.count, bestRating: 5 };
  out.description = `${location.name}, ${addressLine(location)}`;
  return out;
}
