"use client";
import { useEffect, useSyncExternalStore } from "react";
import { viewedTitle, type ViewedCar } from "../domain/recently-viewed";
import { record, subscribeViewed, viewedServerSnapshot, viewedSnapshot } from "./store";
import styles from "@/blocks/shared/accounts/accounts.module.css";

/**
 * Recently viewed cars from this browser, most recent first. On a vehicle page (`current` given)
 * it records that car and lists the others.
 */
export function RecentlyViewed({
  current,
  heading,
  emptyText,
  headingLevel = 2,
}: {
  current?: ViewedCar;
  heading: string;
  emptyText?: string;
  headingLevel?: 2 | 3;
}) {
  const list = useSyncExternalStore(subscribeViewed, viewedSnapshot, viewedServerSnapshot);
  useEffect(() => {
    if (current) record(current);
  }, [current]);
  const others = current ? list.filter((c) => c.id !== current.id) : list;
  const Heading = `h${headingLevel}` as "h2";
  if (others.length === 0 && !emptyText) return null;
  return (
    <section aria-label={heading} data-testid="recently-viewed">
      <Heading>{heading}</Heading>
      {others.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ul className={styles.list}>
          {others.map((c) => (
            <li key={c.id} className={styles.item}>
              {c.slug ? <a href={`/cars/${encodeURIComponent(c.slug)}`}>{viewedTitle(c)}</a> : <span>{viewedTitle(c)}</span>}
              <span>{[c.simple_body || c.body, c.stocknum ? `Stock ${c.stocknum}` : ""].filter(Boolean).join(" · ")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
