"use client";
import { useSyncExternalStore } from "react";
import { favouritesServerSnapshot, favouritesSnapshot, subscribeFavourites, toggle } from "./favourites-store";
import styles from "@/blocks/shared/accounts/accounts.module.css";

/** The favourites stored in this browser (and, signed in, on the account), each with a link and Remove. */
export function FavouritesList({ emptyText }: { emptyText: string }) {
  const list = useSyncExternalStore(subscribeFavourites, favouritesSnapshot, favouritesServerSnapshot);
  if (list.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className={styles.list} data-testid="favourites-list">
      {list.map((f) => {
        const name = f.name || [f.make, f.model].filter(Boolean).join(" ") || `Car ${f.id}`;
        return (
          <li key={f.id} className={styles.item}>
            {f.slug ? <a href={`/cars/${encodeURIComponent(f.slug)}`}>{name}</a> : <span>{name}</span>}
            <button type="button" className="button button--outline" onClick={() => toggle(f)}>
              Remove<span className="visually-hidden"> {name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
