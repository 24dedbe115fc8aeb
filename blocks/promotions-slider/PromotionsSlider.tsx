import type { ResolvedPromotionsSliderProps, Tile } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { withFlagsOn } from "@/runtime/flags";
import { safeHref } from "@/runtime/safe-href";
import { liveTiles } from "@/runtime/tiles";
import { siteTimeZone } from "@/runtime/time";
import { DealerLink } from "@/runtime/render/dealer-link";
import { SliderCarousel } from "./SliderCarousel.lazy";
import styles from "./promotions-slider.module.css";

/** The promotions slider is 1920 px wide by 540 px high. */
export const SLIDE_WIDTH = 1920;
export const SLIDE_HEIGHT = 540;

function Slide({ tile, index, count, showCaptions }: { tile: Tile; index: number; count: number; showCaptions: boolean }) {
  const image = safeHref(tile.image);
  const href = safeHref(tile.href);
  // The first slide is the page's largest image: fetch it at once. The rest wait until needed.
  const loading = index === 0 ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
  const picture = image ? (
    // With captions the title is printed under the image, so the image itself is decoration.
    <img className={styles.image} src={image} alt={showCaptions ? "" : tile.title} width={SLIDE_WIDTH} height={SLIDE_HEIGHT} decoding="async" {...loading} />
  ) : (
    <span className={styles.placeholder}>{showCaptions ? null : tile.title}</span>
  );
  return (
    <div className={styles.slide} {...(count > 1 ? { role: "group", "aria-roledescription": "slide", "aria-label": `${index + 1} of ${count}` } : {})}>
      <div className={styles.media}>
        {href && !showCaptions ? (
          <DealerLink href={href} className={styles.mediaLink}>
            {picture}
          </DealerLink>
        ) : (
          picture
        )}
      </div>
      {showCaptions ? (
        <div className={styles.caption}>
          <p className={styles.captionTitle}>{tile.title}</p>
          {tile.text ? <p className={styles.captionText}>{tile.text}</p> : null}
          {href ? (
            <DealerLink href={href} className={styles.captionCta}>
              {tile.cta || "Find out more"}
              <span className="visually-hidden">: {tile.title}</span>
            </DealerLink>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Server component: picks the live tiles and renders every slide as HTML (the first is visible
 * before any script runs, in a box of the slider's aspect ratio, so nothing shifts). Only the
 * carousel behaviour (embla, autoplay, buttons) is a client component, and only when there is
 * more than one slide.
 */
export function PromotionsSlider({ props, site }: BlockComponentProps<ResolvedPromotionsSliderProps>) {
  const tiles = liveTiles(withFlagsOn(site.manifest, site.manifest.tiles), props.place, site.now, siteTimeZone(site.manifest));
  if (tiles.length === 0) return null;
  const label = props.label;
  const showCaptions = props.showCaptions;
  const slides = tiles.map((tile, i) => <Slide key={tile.id} tile={tile} index={i} count={tiles.length} showCaptions={showCaptions} />);
  return (
    <section className={styles.slider} aria-roledescription={tiles.length > 1 ? "carousel" : undefined} aria-label={label}>
      {tiles.length === 1 ? (
        <div className={styles.viewport}>
          <div className={styles.container}>{slides}</div>
        </div>
      ) : (
        <SliderCarousel slideTitles={tiles.map((t) => t.title)} autoplay={props.autoplay} delayMs={props.delayMs} styles={{ ...styles }}>
          {slides}
        </SliderCarousel>
      )}
    </section>
  );
}
