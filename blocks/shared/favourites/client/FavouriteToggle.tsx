"use client";
import { useEffect, useSyncExternalStore } from "react";
import { trackEvent } from "@/runtime/analytics";
import { useHydrated } from "@/runtime/use-hydrated";
import type { Favourite } from "../domain/favourites";
import { favouritesServerSnapshot, favouritesSnapshot, refresh, subscribeFavourites, toggle } from "./favourites-store";

/**
 * Save to favourites, the same control on vehicle cards and vehicle pages: toggles add and remove
 * in the one stored format, and sends analytics event 39 either way.
 */
export function FavouriteToggle({
  car,
  label,
  savedLabel,
  title,
  className,
  icon = false,
  sink,
}: {
  car: Favourite;
  label: string;
  savedLabel: string;
  /** The car's title, for the accessible name on a list of cards. */
  title?: string;
  className?: string;
  icon?: boolean;
  sink?: string;
}) {
  const list = useSyncExternalStore(subscribeFavourites, favouritesSnapshot, favouritesServerSnapshot);
  const saved = list.some((f) => f.id === car.id);
  const live = useHydrated();
  useEffect(() => {
    if (saved) refresh(car);
  }, [saved, car]);
  const onClick = () => {
    const now = toggle(car);
    trackEvent("favourite", { car_id: car.id, saved: now }, sink);
  };
  return (
    <button type="button" className={className} aria-pressed={saved} onClick={onClick} data-favourite={car.id} data-ready={live || undefined}>
      {icon ? (
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.5 5c2 0 3.5 1.2 4.2 2.3h2.6C14 6.2 15.5 5 17.5 5 21 5 23.1 8.6 21.6 11.9 19.5 16.4 12 21 12 21z"
            fill={saved ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      ) : null}
      {saved ? savedLabel : label}
      {title ? <span className="visually-hidden"> {title}</span> : null}
    </button>
  );
}
