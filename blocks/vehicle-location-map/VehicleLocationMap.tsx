import type { ResolvedVehicleLocationMapProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { AddressCard } from "@/blocks/shared/locations/AddressCard";
import { LocationMapArea } from "@/blocks/shared/locations/LocationMapArea";
import { formatRange, hoursOn, localTime } from "@/blocks/shared/locations/domain/hours";
import { addressLine, locationForCar, locationHref, visibleLocations } from "@/blocks/shared/locations/domain/lookup";
import { Link } from "@/runtime/ui/link";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import styles from "./vehicle-location-map.module.css";

/**
 * Where the car is (#vehicle-map): the manifest location it belongs to (matched by the stock's
 * location id, never the feed's address or phone), with today's hours, directions and a link to
 * the location's page; a map when a Maps key is configured, loaded when scrolled into view. A
 * dealer with several locations heads the section with their number ('4 Locations'), so the
 * section lists them all: the car's first, then the others with their addresses and pages.
 */
export function VehicleLocationMap({ props, site, context }: BlockComponentProps<ResolvedVehicleLocationMapProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const m = site.manifest;
  const location = locationForCar(m, page.car);
  if (!location) return null;
  const visible = visibleLocations(m);
  const n = visible.length;
  const others = n > 1 ? visible.filter((l) => l.id !== location.id) : [];
  const hours = hoursOn(location, localTime(site.now, location.time_zone).date);
  return (
    <section className={shared.section} aria-labelledby="vdp-location-heading" data-section="location-map" id="vehicle-map">
      <h2 id="vdp-location-heading" className={shared.sectionTitle}>
        {n > 1 ? props.headingMany.replace("{n}", String(n)) : props.headingOne}
      </h2>
      <LocationMapArea manifest={m} locations={[location]} label={`Map of ${location.name}`} />
      <AddressCard manifest={m} location={location}>
        <p>Today: {hours ? formatRange(hours.open, hours.close) : "Closed"}</p>
      </AddressCard>
      {others.length ? (
        <ul className={styles.others} data-testid="other-locations" aria-label="Our other locations">
          {others.map((l) => (
            <li key={l.id}>
              <Link href={locationHref(m, l)}>{l.name}</Link>: {addressLine(l)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
