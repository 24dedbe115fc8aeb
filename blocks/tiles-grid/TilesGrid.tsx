import type { ResolvedTilesGridProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { withFlagsOn } from "@/runtime/flags";
import { safeHref } from "@/runtime/safe-href";
import { liveTiles } from "@/runtime/tiles";
import { siteTimeZone } from "@/runtime/time";
import { DealerLink } from "@/runtime/render/dealer-link";
import styles from "./tiles-grid.module.css";

/** Tile artwork is the promotions format (1920 by 540); the attributes reserve that box. */
const TILE_IMAGE_WIDTH = 1920;
const TILE_IMAGE_HEIGHT = 540;

export function TilesGrid({ props, site }: BlockComponentProps<ResolvedTilesGridProps>) {
  const place = props.place;
  const tiles = liveTiles(withFlagsOn(site.manifest, site.manifest.tiles), place, site.now, siteTimeZone(site.manifest));
  if (tiles.length === 0) return null;
  const heading = props.heading;
  const columns = Math.min(4, Math.max(1, props.columns));
  const ctaLabel = props.ctaLabel;
  const TileHeading = heading ? "h3" : "h2";
  return (
    <section className={styles.section} aria-label={heading ? undefined : "Promotions"}>
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      <ul className={`${styles.grid} ${styles[`cols${columns}`]}`}>
        {tiles.map((tile) => {
          const image = safeHref(tile.image);
          const href = safeHref(tile.href);
          return (
            <li key={tile.id} className={styles.tile}>
              {image ? (
                // Decorative: the tile's title and text are printed right beside it.
                <img className={styles.image} src={image} alt="" width={TILE_IMAGE_WIDTH} height={TILE_IMAGE_HEIGHT} loading="lazy" decoding="async" />
              ) : null}
              <div className={styles.body}>
                <TileHeading className={styles.title}>{tile.title}</TileHeading>
                {tile.text ? <p className={styles.text}>{tile.text}</p> : null}
                {href || props.offerPageLabel ? (
                  <p className={styles.actions}>
                    {href ? (
                      <DealerLink href={href} className={styles.cta}>
                        {tile.cta || ctaLabel}
                        <span className="visually-hidden">: {tile.title}</span>
                      </DealerLink>
                    ) : null}
                    {props.offerPageLabel ? (
                      <DealerLink href={`/offers/${encodeURIComponent(tile.id)}`} className={styles.details}>
                        {props.offerPageLabel}
                        <span className="visually-hidden">: {tile.title}</span>
                      </DealerLink>
                    ) : null}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
