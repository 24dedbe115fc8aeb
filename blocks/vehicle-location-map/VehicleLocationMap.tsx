import type { ResolvedVehicleLocationMapProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/** Where the car is: its location's name and address, and directions when the location has a map link. */
export function VehicleLocationMap({ site, context }: BlockComponentProps<ResolvedVehicleLocationMapProps>) {
  const page = vehiclePageContext(context);
  const loc = page?.car.location;
  if (!loc?.address) return null;
  const n = (site.manifest.locations ?? []).length;
  return (
    <section className={shared.section} aria-labelledby="vdp-location-heading" data-section="location-map">
      <h2 id="vdp-location-heading" className={shared.sectionTitle}>
        {n > 1 ? `${n} Locations` : "Find Us Here"}
      </h2>
      <p>
        <strong>{loc.name}</strong>
        <br />
        {loc.address.street}, {loc.address.city} {loc.address.state} {loc.address.postcode}
      </p>
      {loc.place_url && /^https:\/\//.test(loc.place_url) ? (
        <a href={loc.place_url} target="_blank" rel="noopener noreferrer">
          Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}
