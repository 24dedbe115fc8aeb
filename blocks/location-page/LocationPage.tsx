import { Link } from "@/runtime/ui/link";
import { notFound } from "next/navigation";
import type { ResolvedLocationPageProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { scriptJson } from "@/runtime/script-json";
import { AddressCard } from "@/blocks/shared/locations/AddressCard";
import { HoursTable } from "@/blocks/shared/locations/HoursTable";
import { LocationMapArea } from "@/blocks/shared/locations/LocationMapArea";
import { StarRating } from "@/blocks/shared/locations/StarRating";
import { locationJsonLd } from "@/blocks/shared/locations/domain/json-ld";
import { addressLine, directionsUrl, locationHref, locationStockHref } from "@/blocks/shared/locations/domain/lookup";
import { locationRating } from "@/blocks/shared/locations/domain/rating";
import { telHref } from "@/blocks/shared/vehicle-page/domain/phone";
import { LOCATION_TYPE_LABELS, pageLocation, sameAddressLocations } from "./domain";
import styles from "./location-page.module.css";

type PageLocation = NonNullable<ReturnType<typeof pageLocation>>;

/** Phone, landline, email, address and licence numbers, each only when the location has it. */
function ContactList({ location, tel }: { location: PageLocation; tel: string | null }) {
  const landline = location.contact_detail.landline_phone;
  return (
    <dl className={styles.contact}>
      <dt>Phone</dt>
      <dd>{tel ? <a href={tel}>{location.contact_detail.phone}</a> : location.contact_detail.phone}</dd>
      {landline ? (
        <>
          <dt>Landline</dt>
          <dd>{telHref(landline) ? <a href={telHref(landline)!}>{landline}</a> : landline}</dd>
        </>
      ) : null}
      {location.contact_detail.email ? (
        <>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${location.contact_detail.email}`}>{location.contact_detail.email}</a>
          </dd>
        </>
      ) : null}
      <dt>Address</dt>
      <dd>{addressLine(location)}</dd>
      {location.dealer_license_number ? (
        <>
          <dt>Dealer licence</dt>
          <dd>{location.dealer_license_number}</dd>
        </>
      ) : null}
      {location.motor_vehicle_repairer ? (
        <>
          <dt>Motor vehicle repairer licence</dt>
          <dd>{location.motor_vehicle_repairer}</dd>
        </>
      ) : null}
    </dl>
  );
}

export function LocationPage({ props, site }: BlockComponentProps<ResolvedLocationPageProps>) {
  const m = site.manifest;
  const location = pageLocation(m, site.pattern, site.params.slug);
  if (!location) notFound();
  const rating = locationRating(location);
  const showRating = isEnabled(m, "reviews") && rating !== null && rating.average >= props.minRating;
  const siblings = sameAddressLocations(m, location);
  const tel = telHref(location.contact_detail.phone);
  const isSales = !location.location_type || location.location_type === "sales";
  return (
    <article className={styles.page} data-location-page={location.slug}>
      <header className={styles.header}>
        <h1>{location.name}</h1>
        <p className={styles.address}>{addressLine(location)}</p>
        <p className={styles.headerLinks}>
          <a href={directionsUrl(location)} target="_blank" rel="noopener noreferrer" className={styles.button}>
            Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          {tel ? (
            <a href={tel} className={styles.buttonSecondary}>
              Call {location.contact_detail.phone}
            </a>
          ) : null}
        </p>
        {showRating ? <StarRating average={rating.average} count={rating.count} /> : null}
      </header>
      {siblings.length ? (
        <nav aria-label="Departments at this address" className={styles.types}>
          <ul>
            {siblings.map((l) => (
              <li key={l.id}>
                <Link href={locationHref(m, l)} aria-current={l.id === location.id ? "page" : undefined} className={styles.typeLink}>
                  {LOCATION_TYPE_LABELS[l.location_type] ?? "Sales"}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className={styles.columns}>
        <section aria-labelledby="location-hours-heading" className={styles.panel}>
          <h2 id="location-hours-heading">{props.hoursHeading}</h2>
          <HoursTable location={location} now={site.now} idPrefix="location" heading={props.hoursHeading} />
        </section>
        <section aria-labelledby="location-contact-heading" className={styles.panel}>
          <h2 id="location-contact-heading">Contact details</h2>
          <ContactList location={location} tel={tel} />
          {props.showStockLink && isSales ? (
            <p>
              <Link href={locationStockHref(location)} className={styles.button}>
                {props.stockLinkLabel}
              </Link>
            </p>
          ) : null}
        </section>
      </div>
      {props.showMap ? (
        <section aria-labelledby="location-map-heading" className={styles.mapSection} id="location-map">
          <h2 id="location-map-heading">Find us</h2>
          <LocationMapArea manifest={m} locations={[location]} label={`Map of ${location.name}`} withLinks={false} />
          <AddressCard manifest={m} location={location} viewLocation={false} />
        </section>
      ) : null}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: scriptJson(locationJsonLd(location, { url: `${site.origin}${site.pathname}` })) }}
      />
    </article>
  );
}
