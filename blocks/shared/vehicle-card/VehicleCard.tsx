import { resolvedWording } from "@/runtime/wording";
import { cardView, type CardCar, type CardOptions, type CardView } from "./card-model";
import type { CarActions } from "./car-actions";
import styles from "./vehicle-card.module.css";

export interface VehicleCardProps {
  car: CardCar;
  options: CardOptions;
  /** First row of a grid: eager image with high fetch priority; otherwise lazy. */
  priority?: boolean;
  headingLevel?: 2 | 3 | 4;
  /** Image sizes attribute for the grid it sits in. */
  sizes?: string;
  /** The card's client parts: `serverCarActions` from a server component, the eager modules from a client tree. */
  actions: CarActions;
}

/** Image box: 4:3, the same as the image route's pictures, so the layout never shifts. */
export const CARD_IMAGE_WIDTH = 640;
export const CARD_IMAGE_HEIGHT = 480;
const DEFAULT_SIZES = "(min-width: 1200px) 360px, (min-width: 768px) 45vw, 100vw";

/** View Details and Get Finance for a car on sale; 'Find Me Something Similar' for one that is not. */
function CardActions({ view, id, findSimilar }: { view: CardView; id: string; findSimilar: string }) {
  if (view.available) {
    return (
      <div className={styles.actions}>
        <a className={styles.primary} href={view.href} aria-describedby={`${id}-title`}>
          View Details
        </a>
        {view.financeHref ? (
          <a className={styles.secondary} href={view.financeHref} aria-describedby={`${id}-title`}>
            Get Finance
          </a>
        ) : null}
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      {view.findSimilarHref ? (
        <a className={styles.secondary} href={view.findSimilarHref} aria-describedby={`${id}-title`}>
          {findSimilar}
        </a>
      ) : null}
    </div>
  );
}

/** The picture (or its placeholder) with the tag or certified badge and the location overlay. */
function CardMedia({ view, priority, sizes }: { view: CardView; priority: boolean; sizes: string }) {
  return (
    <div className={styles.media}>
      {view.image ? (
        <img
          className={styles.image}
          src={view.image.src}
          srcSet={view.image.srcSet}
          sizes={view.image.srcSet ? sizes : undefined}
          alt={view.image.alt}
          width={CARD_IMAGE_WIDTH}
          height={CARD_IMAGE_HEIGHT}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding={priority ? "auto" : "async"}
        />
      ) : (
        <div className={styles.noImage} aria-hidden="true">
          Photo coming soon
        </div>
      )}
      {view.tag?.kind === "certified" ? (
        <img className={styles.certifiedBadge} src={view.tag.image} alt={view.tag.label} width={120} height={30} data-testid="certified-badge" />
      ) : view.tag ? (
        <span className={`${styles.tag} ${styles[`tag-${view.tag.kind}`] ?? ""}`}>{view.tag.label}</span>
      ) : null}
      {view.location ? (
        <span className={styles.location}>
          <span className="visually-hidden">Location: </span>
          {view.location}
        </span>
      ) : null}
    </div>
  );
}

/** Weekly finance: a requested quote from the client part, or the figures the card model computed. */
function CardFinance({ finance, RequestedQuote }: { finance: NonNullable<CardView["finance"]>; RequestedQuote: CarActions["RequestedQuote"] }) {
  if (finance.request) {
    return (
      <p className={styles.finance}>
        <RequestedQuote
          request={finance.request}
          variant="card"
          disclaimerHref={finance.disclaimerHref}
          classes={{ weekly: styles.weekly, per: styles.perWeek, rate: styles.rate, disclaimer: styles.disclaimer }}
        />
      </p>
    );
  }
  return (
    <p className={styles.finance}>
      <span className={styles.weekly}>
        {finance.weekly}
        <span className={styles.perWeek}> /wk</span>
      </span>
      {finance.rate ? <span className={styles.rate}>{finance.rate}</span> : null}
      <a className={styles.disclaimer} href={finance.disclaimerHref}>
        Click for Finance Disclaimer
      </a>
    </p>
  );
}

/** Price (with the was-price), price type, subscription price and weekly finance. */
function CardPriceRow({ view, RequestedQuote }: { view: CardView; RequestedQuote: CarActions["RequestedQuote"] }) {
  return (
    <div className={styles.priceRow}>
      <p className={styles.price}>
        {view.price.was ? (
          <span className={styles.was}>
            <span className="visually-hidden">Was </span>
            <s>{view.price.was}</s>{" "}
          </span>
        ) : null}
        <span className={view.price.shown ? styles.amount : styles.noPrice}>{view.price.text}</span>
        {view.price.type ? <span className={styles.priceType}> {view.price.type}</span> : null}
      </p>
      {view.subscription ? (
        <p className={styles.subscription} data-testid="subscription-price">
          {view.subscription}
        </p>
      ) : null}
      {view.finance ? <CardFinance finance={view.finance} RequestedQuote={RequestedQuote} /> : null}
    </div>
  );
}

/** Views and the save, compare and watch toggles (only for cars with a numeric id). */
function CardFooter({ car, view, options, parts }: { car: CardCar; view: CardView; options: CardOptions; parts: CarActions }) {
  const { FavouriteToggle, CompareToggle, WatchlistButton } = parts;
  return (
    <div className={styles.footer}>
      {view.views ? <span className={styles.views}>{view.views}</span> : <span />}
      <span className={styles.toggles}>
        {view.canFavourite && typeof car.id === "number" ? (
          <FavouriteToggle
            car={{ id: car.id, name: view.title, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url ?? null }}
            label="Save"
            savedLabel="Saved"
            title={view.title}
            className={styles.toggle}
            sink={options.analyticsSink}
          />
        ) : null}
        {view.canCompare && typeof car.id === "number" ? (
          <CompareToggle car={{ id: car.id, slug: car.slug, name: view.title }} title={view.title} className={styles.toggle} linkClassName={styles.toggle} />
        ) : null}
        {options.watchlist && typeof car.id === "number" ? (
          <WatchlistButton
            carId={car.id}
            sold={!view.available}
            label="Watch"
            savedLabel="Watching"
            title={view.title}
            className={styles.toggle}
            sink={options.analyticsSink}
          />
        ) : null}
      </span>
    </div>
  );
}

/**
 * A vehicle card: image with location overlay and tag, title, chips, price or the
 * no-price text, price type, weekly finance with its rates and a disclaimer link, views, and
 * links to the car and its finance. No hooks: it renders on the server or inside the client
 * search grid alike. Unavailable cars show 'Find Me Something Similar' instead of actions.
 */
export function VehicleCard({ car, options, priority = false, headingLevel = 3, sizes = DEFAULT_SIZES, actions: parts }: VehicleCardProps) {
  const view = cardView(car, options);
  const Heading = `h${headingLevel}` as "h3";
  // The site's words; any missing (a caller outside the search pages) are the schema's.
  const wording = resolvedWording(options.wording);
  const id = `car-${car.objectID ?? car.id ?? car.slug}`;
  return (
    <article
      className={`${styles.card} ${view.available ? "" : styles.unavailable}`}
      aria-labelledby={`${id}-title`}
      data-testid="vehicle-card"
      data-price={car.price}
      data-dealership={car.dealership_slug}
      data-car-id={car.objectID ?? car.id}
    >
      <CardMedia view={view} priority={priority} sizes={sizes} />
      <div className={styles.body}>
        <Heading className={styles.title} id={`${id}-title`}>
          <a href={view.href} className={styles.titleLink}>
            {view.title}
          </a>
        </Heading>
        {view.chips.length ? (
          <ul className={styles.chips} aria-label="Key details">
            {view.chips.map((c) => (
              <li key={c.key} className={styles.chip}>
                <span className="visually-hidden">{c.label}: </span>
                {c.value}
              </li>
            ))}
          </ul>
        ) : null}
        <CardPriceRow view={view} RequestedQuote={parts.RequestedQuote} />
        {!view.available ? <p className={styles.soldNotice}>{wording.soldTag}</p> : null}
        <CardFooter car={car} view={view} options={options} parts={parts} />
        <CardActions view={view} id={id} findSimilar={wording.findSimilar} />
      </div>
    </article>
  );
}
