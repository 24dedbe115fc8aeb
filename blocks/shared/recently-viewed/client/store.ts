"use client";
import { parseViewed, recordView, RECENTLY_VIEWED_KEY, type ViewedCar } from "../domain/recently-viewed";

const EMPTY: ViewedCar[] = [];
let list: ViewedCar[] | null = null;
const listeners = new Set<() => void>();

function load(): ViewedCar[] {
  try {
    return parseViewed(window.localStorage.getItem(RECENTLY_VIEWED_KEY));
  } catch {
    return [];
  }
}

export function subscribeViewed(l: () => void) {
  list ??= load();
  listeners.add(l);
  return () => listeners.delete(l);
}
export const viewedSnapshot = () => list ?? EMPTY;
export const viewedServerSnapshot = () => EMPTY;

export function record(car: ViewedCar) {
  list = recordView(list ?? load(), car);
  try {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(list));
  } catch {
    /* storage unavailable: the list still shows for this page */
  }
  listeners.forEach((l) => l());
}
