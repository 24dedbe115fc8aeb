import { Link } from "@/runtime/ui/link";
import type { DealerManifest, ResolvedLocation } from "@/runtime/generated/types";
import { telHref } from "@/blocks/shared/vehicle-page/domain/phone";
import { addressLine, directionsUrl, locationHref, locationStockHref } from "./domain/lookup";
import styles from "./locations.module.css";

/** A location's name, address, phone and links: the card shown instead of a map (no key) and in location grids. */
export function AddressCard({
  manifest,
  location,
  headingLevel = 3,
  viewLocation = true,
  viewStock = false,
  children,
}: {
  manifest: DealerManifest;
  location: ResolvedLocation;
  headingLevel?: 2 | 3;
  viewLocation?: boolean;
  viewStock?: boolean;
  children?: React.ReactNode;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const tel = telHref(location.contact_detail.phone);
  return (
    <div className={styles.card} data-location-card={location.slug}>
      <H>{location.name}</H>
      <address>
        {addressLine(location)}
        <br />
        {tel ? <a href={tel}>{location.contact_detail.phone}</a> : location.contact_detail.phone}
      </address>
      {children}
      <p className={styles.cardLinks}>
        <a href={directionsUrl(location)} target="_blank" rel="noopener noreferrer">
          Get Directions<span className="visually-hidden"> to {location.name} (opens in a new tab)</span>
        </a>
        {viewLocation ? (
          <Link href={locationHref(manifest, location)}>
            View Location<span className="visually-hidden">: {location.name}</span>
          </Link>
        ) : null}
        {viewStock ? (
          <Link href={locationStockHref(location)}>
            View Our Stock<span className="visually-hidden"> at {location.name}</span>
          </Link>
        ) : null}
      </p>
    </div>
  );
}
