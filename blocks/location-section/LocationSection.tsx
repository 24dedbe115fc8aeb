import type { ResolvedLocationSectionProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { matchesLocationType } from "@/runtime/leads/locations";
import { AddressCard } from "@/blocks/shared/locations/AddressCard";
import { LocationMapArea } from "@/blocks/shared/locations/LocationMapArea";
import { hoursOn, localTime, formatRange } from "@/blocks/shared/locations/domain/hours";
import { visibleLocations } from "@/blocks/shared/locations/domain/lookup";
import { gridColumns } from "./domain";
import styles from "./location-section.module.css";

/** One location: a map-and-info card; several: a card grid whose columns follow the count. */
export function LocationSection({ props, site }: BlockComponentProps<ResolvedLocationSectionProps>) {
  const m = site.manifest;
  const locations = visibleLocations(m).filter((l) => props.locationType === "all" || matchesLocationType(l, props.locationType));
  if (!locations.length) return null;
  const today = (l: (typeof locations)[number]) => {
    const hours = hoursOn(l, localTime(site.now, l.time_zone).date);
    return <p className={styles.today}>Today: {hours ? formatRange(hours.open, hours.close) : "Closed"}</p>;
  };
  const stock = (l: (typeof locations)[number]) => props.showStockLink && (!l.location_type || l.location_type === "sales");
  return (
    <section className={styles.section} aria-labelledby="location-section-heading" data-location-count={locations.length}>
      <h2 id="location-section-heading">{props.heading}</h2>
      {locations.length === 1 ? (
        <div className={styles.single}>
          <LocationMapArea manifest={m} locations={locations} label={`Map of ${locations[0].name}`} />
          <AddressCard manifest={m} location={locations[0]} viewStock={stock(locations[0])}>
            {today(locations[0])}
          </AddressCard>
        </div>
      ) : (
        <ul className={styles.grid} data-columns={gridColumns(locations.length)}>
          {locations.map((l) => (
            <li key={l.id}>
              <AddressCard manifest={m} location={l} viewStock={stock(l)}>
                {today(l)}
              </AddressCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
