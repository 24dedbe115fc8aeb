import type { DealerManifest, Link, Location } from "@/runtime/generated/types";
import { isEnabled, withFlagsOn } from "@/runtime/flags";
import { matchRoute } from "@/runtime/routing";
import { safeHref } from "@/runtime/safe-href";
import { DEFAULT_TIME_ZONE, localYear } from "@/runtime/time";

export interface FooterLink {
  label: string;
  href: string;
  newTab?: boolean;
}

/** The dealer column's pages: the first path of each entry that is a page of the site is used. */
const DEALER_PAGES: { label: string; paths: string[] }[] = [
  { label: "About Us", paths: ["/about-us"] },
  { label: "News", paths: ["/news", "/blog"] },
  { label: "Contact Us", paths: ["/contact", "/contact-us"] },
  { label: "Terms and Conditions", paths: ["/terms-and-conditions"] },
  { label: "Privacy Policy", paths: ["/privacy-policy"] },
];

/** True when the path is a page of this site (a route matches and its flag, if any, is on). */
export function isSitePage(manifest: DealerManifest, path: string): boolean {
  const match = matchRoute(Object.keys(manifest.routes), path);
  return match !== null && isEnabled(manifest, manifest.routes[match.pattern].flag);
}

/** About, News, Contact, Terms, Privacy: only those the site has; none when menus.dealerColumn is false. */
export function dealerColumnLinks(manifest: DealerManifest): FooterLink[] {
  if (manifest.menus?.dealerColumn === false) return [];
  return DEALER_PAGES.flatMap(({ label, paths }) => {
    const path = paths.find((p) => isSitePage(manifest, p));
    return path ? [{ label, href: path }] : [];
  });
}

/** A manifest link list with flags applied and unsafe hrefs dropped. */
export function footerLinks(manifest: DealerManifest, links: Link[] | undefined): FooterLink[] {
  return withFlagsOn(manifest, links).flatMap((link) => {
    const href = safeHref(link.href);
    return href ? [{ label: link.label, href, ...(link.external ? { newTab: true } : {}) }] : [];
  });
}

export function visibleLocations(manifest: DealerManifest): Location[] {
  return manifest.locations.filter((l) => l.visible !== false);
}

/** Licence lines: the dealer's licence, then each visible location's dealer and repairer licences (no repeats). */
export function licenceLines(manifest: DealerManifest): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  const add = (kind: string, number: string | undefined, where?: string) => {
    const value = number?.trim();
    if (!value || seen.has(`${kind}:${value}`)) return;
    seen.add(`${kind}:${value}`);
    lines.push(`${where ? `${where}: ` : ""}${kind} ${value}`);
  };
  add("Dealer licence", manifest.dealerLicenceNumber);
  for (const location of visibleLocations(manifest)) {
    add("Dealer licence", location.dealer_license_number, location.name);
    add("Motor vehicle repairer licence", location.motor_vehicle_repairer, location.name);
  }
  return lines;
}

/** The year in the dealer's time zone at the request time (so New Year's Eve in UTC is already the new year here). */
export function copyrightYear(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return String(localYear(now, timeZone));
}

export function formatAddress(address: Location["address"]): string {
  return `${address.street}, ${address.city} ${address.state.toUpperCase()} ${address.postcode}`;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}

export const SOCIAL_NAMES: Record<string, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  tiktok: "TikTok",
  linkedin: "LinkedIn",
  x: "X",
};
