/** Which booking page the service-booking block embeds (null: none, so the form is shown). */
import type { ResolvedLocation } from "@/runtime/generated/types";

const isService = (l: ResolvedLocation) => l.location_type === "service" || l.location_type === "service-and-parts";

export function bookingLocation(locations: readonly ResolvedLocation[], slug?: string): ResolvedLocation | null {
  const withUrl = locations.filter((l) => l.service_booking_url && /^https:\/\//.test(l.service_booking_url));
  if (slug) return withUrl.find((l) => l.slug === slug) ?? null;
  return withUrl.find(isService) ?? withUrl[0] ?? null;
}
