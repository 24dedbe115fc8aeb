"use client";
import { COMPARE_KEY, parseCompare, toggleCompare, type CompareItem, type CompareToggle } from "../domain/compare";

const EMPTY: CompareItem[] = [];
let list: CompareItem[] | null = null;
const listeners = new Set<() => void>();

function load(): CompareItem[] {
  try {
    return parseCompare(window.localStorage.getItem(COMPARE_KEY));
  } catch {
    return [];
  }
}

export function subscribeCompare(l: () => void) {
  list ??= load();
  listeners.add(l);
  return () => listeners.delete(l);
}
export const compareSnapshot = () => list ?? EMPTY;
export const compareServerSnapshot = () => EMPTY;

export function toggle(car: CompareItem): CompareToggle["result"] {
  const out = toggleCompare(list ?? load(), car);
  list = out.list;
  try {
    window.localStorage.setItem(COMPARE_KEY, JSON.stringify(list));
  } catch {
    /* storage unavailable: the pick still holds for this page */
  }
  listeners.forEach((l) => l());
  return out.result;
}
