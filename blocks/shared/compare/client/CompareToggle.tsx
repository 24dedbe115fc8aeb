"use client";
import { useState, useSyncExternalStore } from "react";
import { COMPARE_LIMIT, compareHref, type CompareItem } from "../domain/compare";
import { useHydrated } from "@/runtime/use-hydrated";
import { compareServerSnapshot, compareSnapshot, subscribeCompare, toggle } from "./compare-store";

/**
 * Pick a car for comparison (cards and vehicle pages). Once two or more are picked, a picked car's
 * control offers the link to the compare page; a fourth pick is refused with a message.
 */
export function CompareToggle({ car, title, className, linkClassName }: { car: CompareItem; title?: string; className?: string; linkClassName?: string }) {
  const list = useSyncExternalStore(subscribeCompare, compareSnapshot, compareServerSnapshot);
  const [full, setFull] = useState(false);
  const picked = list.some((c) => c.id === car.id);
  const live = useHydrated();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-pressed={picked}
        onClick={() => setFull(toggle(car) === "full")}
        data-compare={car.id}
        data-ready={live || undefined}
      >
        {picked ? "Comparing" : "Compare"}
        {title ? <span className="visually-hidden"> {title}</span> : null}
      </button>
      {picked && list.length >= 2 ? (
        <a className={linkClassName} href={compareHref(list.map((c) => c.slug))}>
          Compare {list.length} cars
        </a>
      ) : null}
      <span role="status" className={full ? undefined : "visually-hidden"}>
        {full ? `You can compare up to ${COMPARE_LIMIT} cars.` : ""}
      </span>
    </>
  );
}
