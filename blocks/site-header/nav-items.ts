import { brandHref, brandStockCount } from "@/runtime/brands";
import type { DealerManifest } from "@/runtime/generated/types";
import { withFlagsOn } from "@/runtime/flags";
import { safeHref } from "@/runtime/safe-href";
import { modelMenuLinks } from "@/blocks/shared/models/catalogue";
import { headerMenu } from "@/runtime/manifest/default-menu";

/** A plain link in the header navigation (href already checked by safeHref). */
export interface NavLinkData {
  label: string;
  href: string;
  /** Opens in a new tab (the manifest link's `external`). */
  newTab?: boolean;
}

export interface NavBrandData {
  title: string;
  href: string;
  logoSrc?: string;
}

/** One top-level navigation entry: a link, or a dropdown of links and/or brand logos. */
export interface NavItemData {
  label: string;
  href?: string;
  newTab?: boolean;
  children?: NavLinkData[];
  brands?: NavBrandData[];
}

/**
 * The header navigation of a manifest as plain, serialisable data for the client nav:
 * a manifest with no header menu of its own gets the default navigation (runtime/manifest/default-menu.ts:
 * only its links to pages the site has), items and dropdown links whose flag is off are dropped, every href goes through safeHref
 * (unsafe ones are dropped), and brand menus become logo links (runtime/brands.ts: brand page, or stock for brands without one).
 * A brand that links straight to stock (skipPage) is left out when `makeCounts` says it has none, as in the brand grid;
 * without counts (null) every brand shows.
 */
export function headerNavItems(manifest: DealerManifest, makeCounts: Readonly<Record<string, number>> | null = null): NavItemData[] {
  const out: NavItemData[] = [];
  for (const item of withFlagsOn(manifest, headerMenu(manifest))) {
    const href = safeHref(item.href) ?? undefined;
    const children = withFlagsOn(manifest, item.children).flatMap((child): NavLinkData[] => {
      const childHref = safeHref(child.href);
      return childHref ? [{ label: child.label, href: childHref, ...(child.external ? { newTab: true } : {}) }] : [];
    });
    if (item.modelMenu) children.push(...modelMenuLinks(manifest));
    const brands = item.brandMenu
      ? (manifest.brands?.[item.brandMenu] ?? [])
          .filter((b) => !makeCounts || !b.skipPage || brandStockCount(b, makeCounts) > 0)
          .map((b): NavBrandData => ({
            title: b.title,
            href: brandHref(b),
            ...(b.logoSrc ? { logoSrc: b.logoSrc } : {}),
          }))
      : [];
    if (children.length === 0 && brands.length === 0) {
      if (href) out.push({ label: item.label, href });
      continue; // an entry with nothing to open and nowhere to go is left out
    }
    out.push({ label: item.label, ...(href ? { href } : {}), ...(children.length ? { children } : {}), ...(brands.length ? { brands } : {}) });
  }
  return out;
}

/** tel: URL for an Australian display number ("07 3000 1234" -> "tel:0730001234"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`;
}
