import { Link } from "@/runtime/ui/link";
import { resolvedWording } from "@/runtime/wording";
import { notFound } from "next/navigation";
import type { ResolvedVehiclePageProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { carTitle, isAvailable } from "@/runtime/cars/availability";
import { actionLabel, enquiryHref } from "@/blocks/shared/vehicle-page/domain/actions";
import { priceText as carPriceText } from "@/blocks/shared/vehicle-page/domain/price";
import { formConfig } from "@/blocks/shared/forms/config";
import type { VehiclePageData } from "./load";
import { breadcrumbTrail } from "./domain/breadcrumbs";
import { scriptJson, vehicleJsonLd } from "./domain/json-ld";
import { carLeadContext, findSimilarMessage } from "./domain/lead";
import { locationAnnouncement } from "./domain/location";
import { stickyBarActions } from "./domain/sticky-bar";
import type { BarAction } from "./client/StickyBars";
import { LeadDialogHost, StickyBars } from "./client/components.lazy";
import styles from "./vehicle-page.module.css";

type Props = BlockComponentProps<ResolvedVehiclePageProps, VehiclePageData | null>;

/** The slots the page places; blocks in any other slot would be rendered nowhere. */
export const VEHICLE_PAGE_SLOTS = ["gallery", "sidebar", "sections"] as const;

/**
 * /cars/[slug] as a layout: the car comes from the loader (through the dealer's base filter) and
 * goes to the blocks in the slots as their context (see index.ts); this places them, the viewer
 * in `gallery`, the sidebar in `sidebar` and the main column's sections in `sections`, in the
 * order the manifest lists them, and renders what is around them. null means not this dealer's
 * car: notFound() makes the page the dealer's themed 404 (the runtime lets Next's control-flow
 * errors through). Everything is rendered on the server; interaction lives in small client
 * components whose code loads on demand.
 */
export function VehiclePage({ props, data, dataFailed, site, slots }: Props) {
  if (data === null) notFound();
  if (dataFailed || !data) {
    return (
      <div className={`container ${styles.unavailable}`}>
        <h1>Vehicle details are unavailable right now</h1>
        <p>Please try again in a moment, or call us.</p>
      </div>
    );
  }
  const { breadcrumbs, stickyBar } = props;
  const unplaced = Object.keys(slots).filter((s) => !(VEHICLE_PAGE_SLOTS as readonly string[]).includes(s));
  if (unplaced.length)
    console.warn(`[vehicle-page] site=${site.manifest.slug} slots ${unplaced.join(", ")} are not shown (the page places ${VEHICLE_PAGE_SLOTS.join(", ")})`);
  const { car } = data;
  const m = site.manifest;
  const w = resolvedWording(m.wording);
  const title = carTitle(car);
  const available = isAvailable(car);
  const url = `${site.origin}/cars/${encodeURIComponent(car.slug)}`;
  const priceText = carPriceText(car, w);
  const announcement = locationAnnouncement(m, car);
  const crumbs = breadcrumbTrail(car, breadcrumbs, w.usedKeyword);
  const bar = stickyBarActions(stickyBar, car, site);
  const enquire: BarAction = available
    ? { label: actionLabel("enquire", m.wording), href: enquiryHref(car), dialog: "enquire" }
    : { label: w.findSimilar, href: enquiryHref(car, "find-similar"), dialog: "find-similar" };
  const leadYear = /^[0-9]{4}$/.test(String(car.year)) ? { "Vehicle Year": car.year } : undefined;

  return (
    <div className={styles.page} data-testid="vehicle-page" data-car-status={car.status}>
      <StickyBars title={title} priceText={priceText} headerAction={enquire} barActions={bar.actions} scrolledBarActions={bar.scrolled} />
      {announcement ? (
        <div className={styles.announcement} role="note">
          <span>
            Located at <strong>{announcement.city}</strong> ({announcement.locationName})
          </span>
          {announcement.directionsUrl ? (
            <a href={announcement.directionsUrl} target="_blank" rel="noopener noreferrer">
              Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      ) : null}
      <div className="container">
        <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
          <ol>
            <li>
              <Link href="/">Home</Link>
            </li>
            {crumbs.map((c, i) => (
              <li key={i}>
                {c.href ? <Link href={c.href}>{c.label}</Link> : <span aria-current={i === crumbs.length - 1 ? "page" : undefined}>{c.label}</span>}
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.layout}>
          <div className={styles.gallery}>{slots.gallery}</div>
          <aside className={styles.sidebar} aria-label="Vehicle summary">
            {slots.sidebar}
          </aside>
          <div className={styles.sections}>{slots.sections}</div>
        </div>
      </div>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: scriptJson(vehicleJsonLd(car, { origin: site.origin, url, sellerName: m.name })) }}
      />
      <LeadDialogHost
        config={formConfig(m)}
        car={carLeadContext(car, title)}
        extraFields={leadYear}
        findSimilarMessage={findSimilarMessage(car, title)}
        findSimilarTitle={w.findSimilar}
      />
    </div>
  );
}
