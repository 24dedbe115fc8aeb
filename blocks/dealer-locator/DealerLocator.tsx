import type { ResolvedDealerLocatorProps, ResolvedLocation } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { geocodePostcode, placesBySuburb } from "@/runtime/leads/postcode";
import { matchesLocationType } from "@/runtime/leads/locations";
import { AddressCard } from "@/blocks/shared/locations/AddressCard";
import { LocationMapArea } from "@/blocks/shared/locations/LocationMapArea";
import { visibleLocations } from "@/blocks/shared/locations/domain/lookup";
import { openNow } from "@/blocks/shared/locations/domain/hours";
import { RADIUS_OPTIONS_KM, searchLocations, type LocatorOutcome, type PlaceLookups } from "./domain/search";
import styles from "./dealer-locator.module.css";

const lookups: PlaceLookups = {
  postcode(postcode) {
    try {
      const p = geocodePostcode(postcode);
      return { lat: p.lat, lng: p.lng, label: postcode };
    } catch {
      return null;
    }
  },
  suburb: (name) =>
    placesBySuburb(name).map((p) => ({
      lat: p.lat,
      lng: p.lng,
      // The data's names are upper case: the label repeats the shopper's own spelling.
      label: `${name.trim().replace(/\s+/g, " ")} ${p.state} ${p.postcode}`,
      state: p.state,
    })),
};

function summary(out: LocatorOutcome): string {
  const n = out.results.length;
  const dealerships = `${n} dealership${n === 1 ? "" : "s"}`;
  if (out.message) return out.message;
  if (out.kind === "all") return `${dealerships}.`;
  if (out.kind === "name") return `${dealerships} matching '${out.query}'.`;
  return `${dealerships} within ${out.radiusKm} km of ${out.place?.label ?? out.query}, nearest first.`;
}

/** The locator: a GET form and its results, rendered on the server (no JavaScript needed). */
export function DealerLocator({ props, site }: BlockComponentProps<ResolvedDealerLocatorProps>) {
  const m = site.manifest;
  const locations = visibleLocations(m).filter((l) => props.locationType === "all" || matchesLocationType(l, props.locationType));
  const out = searchLocations(site.searchParams.q, site.searchParams.radius, locations, lookups);
  const shown: { location: ResolvedLocation; distanceKm?: number }[] = out.results.length ? out.results : out.nearestOutside ? [out.nearestOutside] : [];
  return (
    <section className={styles.locator} aria-labelledby="dealer-locator-heading">
      <h1 id="dealer-locator-heading">{props.heading}</h1>
      {props.intro ? <p>{props.intro}</p> : null}
      <form method="get" action={site.pathname} className={styles.form} role="search" aria-label="Dealerships">
        <div className={styles.field}>
          <label htmlFor="dealer-locator-q">Postcode, suburb or dealership name</label>
          <input id="dealer-locator-q" name="q" type="search" defaultValue={out.query} maxLength={80} autoComplete="postal-code" enterKeyHint="search" />
        </div>
        <div className={styles.field}>
          <label htmlFor="dealer-locator-radius">Within</label>
          <select id="dealer-locator-radius" name="radius" defaultValue={String(out.radiusKm)}>
            {RADIUS_OPTIONS_KM.map((r) => (
              <option key={r} value={r}>
                {r} km
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={styles.submit}>
          Search
        </button>
      </form>
      <p role="status" className={styles.summary} data-locator-summary>
        {summary(out)}
        {out.nearestOutside ? ` The nearest is ${out.nearestOutside.location.name}, ${out.nearestOutside.distanceKm} km away.` : ""}
      </p>
      {shown.length ? <h2 className="visually-hidden">Results</h2> : null}
      {shown.length ? (
        <ol className={styles.results} aria-label="Dealerships">
          {shown.map(({ location, distanceKm }) => {
            const status = openNow(location, site.now);
            return (
              <li key={location.id} data-locator-result={location.slug}>
                <AddressCard manifest={m} location={location} viewStock={!location.location_type || location.location_type === "sales"}>
                  <p className={styles.meta}>
                    {typeof distanceKm === "number" ? <span data-distance-km={distanceKm}>{distanceKm} km away</span> : null}
                    <span>{status.text}</span>
                  </p>
                </AddressCard>
              </li>
            );
          })}
        </ol>
      ) : null}
      {props.showMap && shown.length ? <LocationMapArea manifest={m} locations={shown.map((s) => s.location)} label="Map of the dealerships found" /> : null}
    </section>
  );
}
