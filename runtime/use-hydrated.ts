"use client";
import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the page is the server's HTML (before scripts run, or without them) and during
 * hydration, true once the component is live: plain-form parts show only before, the scripted
 * control takes over after, without a hydration mismatch (a `data-ready` built on it tells tests
 * a click will count).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
