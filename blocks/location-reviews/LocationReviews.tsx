import type { ResolvedLocationReviewsProps, ResolvedLocation } from "@/runtime/generated/types";
import type { BlockComponentProps, SiteContext } from "@/runtime/render/types";
import { StarRating } from "@/blocks/shared/locations/StarRating";
import { formatDateLabel } from "@/blocks/shared/locations/domain/hours";
import { locationBySlug, primaryLocation } from "@/blocks/shared/locations/domain/lookup";
import { shownReviews } from "./domain";
import styles from "./location-reviews.module.css";

function reviewedLocation(site: SiteContext, slug: string | undefined): ResolvedLocation | null {
  const m = site.manifest;
  // The validator fills locationPagePath when the manifest loads.
  const onLocationPage = site.pattern?.startsWith(`${m.locationPagePath!}/`) && typeof site.params.slug === "string";
  if (onLocationPage) return locationBySlug(m, site.params.slug as string);
  return slug ? locationBySlug(m, slug) : primaryLocation(m);
}

export function LocationReviews({ props, site }: BlockComponentProps<ResolvedLocationReviewsProps>) {
  const location = reviewedLocation(site, props.location);
  if (!location) return null;
  const shown = shownReviews(location, props);
  if (!shown) return null;
  return (
    <section className={styles.section} aria-labelledby="location-reviews-heading" data-reviews={location.slug}>
      <h2 id="location-reviews-heading">{props.heading}</h2>
      <p>
        <StarRating average={shown.average} count={shown.count} />
      </p>
      {shown.reviews.length ? (
        <ul className={styles.list}>
          {shown.reviews.map((r) => (
            <li key={r.id} className={styles.review}>
              <article aria-label={`Review by ${r.customer_name}`}>
                <p className={styles.meta}>
                  <strong>{r.customer_name}</strong> <span className={styles.date}>{formatDateLabel(r.review_date)}</span>
                </p>
                <p className={styles.stars} role="img" aria-label={`${r.rating} out of 5 stars`}>
                  <span aria-hidden="true">{"★".repeat(r.rating) + "☆".repeat(5 - r.rating)}</span>
                </p>
                {r.title ? <h3 className={styles.title}>{r.title}</h3> : null}
                <p>{r.text}</p>
                {r.reply_text ? (
                  <blockquote className={styles.reply}>
                    <p>
                      <strong>Reply from {location.name}</strong>
                      {r.reply_date ? <span className={styles.date}> {formatDateLabel(r.reply_date)}</span> : null}
                    </p>
                    <p>{r.reply_text}</p>
                  </blockquote>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
