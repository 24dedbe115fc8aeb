import type { ResolvedLocationsCarouselProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { matchesLocationType } from "@/runtime/leads/locations";
import { AddressCard } from "@/blocks/shared/locations/AddressCard";
import { visibleLocations } from "@/blocks/shared/locations/domain/lookup";
import { CarouselControls } from "@/blocks/shared/carousel/CarouselControls.lazy";
import { carouselLayout } from "./domain";
import styles from "./locations-carousel.module.css";

/** 'Our Locations': location cards in an embla carousel; before JavaScript the row scrolls natively (scroll snap). */
export function LocationsCarousel({ props, site }: BlockComponentProps<ResolvedLocationsCarouselProps>) {
  const m = site.manifest;
  const locations = visibleLocations(m).filter((l) => props.locationType === "all" || matchesLocationType(l, props.locationType));
  if (!locations.length) return null;
  const layout = carouselLayout(locations.length);
  return (
    <section
      className={styles.section}
      aria-labelledby="locations-carousel-heading"
      data-columns={layout.columns}
      data-centred={layout.centred ? "" : undefined}
    >
      <h2 id="locations-carousel-heading">{props.heading}</h2>
      <CarouselControls buttons={locations.length > 1} previousLabel="Previous locations" nextLabel="Next locations" styles={{ ...styles }}>
        <ul className={styles.container}>
          {locations.map((l) => (
            <li key={l.id} className={styles.slide}>
              <AddressCard manifest={m} location={l} viewStock={props.showStockLink && (!l.location_type || l.location_type === "sales")} />
            </li>
          ))}
        </ul>
      </CarouselControls>
      {layout.swipeHintSmall ? (
        <p className={`${styles.hint} ${layout.swipeHintLarge ? "" : styles.hintSmallOnly}`} aria-hidden="true">
          {props.swipeHint}
        </p>
      ) : null}
    </section>
  );
}
