"use client";
import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** False in the server's markup and during hydration, true once the component is live (its `data-ready` tells tests a click will count). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
