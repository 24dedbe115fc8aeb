"use client";
import { useEffect, useState } from "react";
import { trackEvent } from "@/runtime/analytics";
import styles from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

export const FAVOURITES_KEY = "favourites";

export interface Favourite {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url?: string;
}

function read(): Favourite[] {
  try {
    const list = JSON.parse(window.localStorage.getItem(FAVOURITES_KEY) ?? "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Save to favourites (stored in the browser); toggles; analytics event 39. */
export function FavouriteButton({ car, label, sink }: { car: Favourite; label: string; sink?: string }) {
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(read().some((f) => f.id === car.id)), [car.id]);
  const toggle = () => {
    const list = read().filter((f) => f.id !== car.id);
    const next = !saved;
    if (next) list.push(car);
    try {
      window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify(list));
    } catch (e) {
      console.warn(`[vehicle-page] favourites not saved: ${e instanceof Error ? e.message : String(e)}`);
    }
    setSaved(next);
    trackEvent("favourite", { car_id: car.id, saved: next }, sink);
  };
  return (
    <button type="button" className={`${styles.button} ${styles.buttonOutline}`} aria-pressed={saved} onClick={toggle}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.5 5c2 0 3.5 1.2 4.2 2.3h2.6C14 6.2 15.5 5 17.5 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z"
          fill={saved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      {label}
    </button>
  );
}
