"use client";

import { useEffect, useState } from "react";
import styles from "./vehicle-card.module.css";

const KEYS = { favourite: "favourites", compare: "compare" } as const;
const LABELS = { favourite: ["Save", "Saved"], compare: ["Compare", "Comparing"] } as const;
const COMPARE_LIMIT = 4;

function readIds(key: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Favourite or compare toggle stored in the browser (spec §4: add and remove, stored locally).
 * It renders unpressed on the server and reads storage after hydration.
 */
export function SavedToggle({ kind, carId, title }: { kind: "favourite" | "compare"; carId: string; title: string }) {
  const key = KEYS[kind];
  const [on, setOn] = useState(false);
  useEffect(() => {
    setOn(readIds(key).includes(carId));
  }, [key, carId]);
  const toggle = () => {
    const ids = readIds(key).filter((id) => id !== carId);
    const next = on ? ids : [...ids, carId].slice(kind === "compare" ? -COMPARE_LIMIT : -100);
    try {
      localStorage.setItem(key, JSON.stringify(next));
    } catch {
      /* storage unavailable: the toggle still reflects the click for this page */
    }
    setOn(!on);
  };
  return (
    <button type="button" className={styles.toggle} aria-pressed={on} onClick={toggle}>
      {LABELS[kind][on ? 1 : 0]}
      <span className="visually-hidden"> {title}</span>
    </button>
  );
}
