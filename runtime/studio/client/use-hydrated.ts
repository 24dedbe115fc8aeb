"use client";
import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while the page is the server's HTML (before scripts run, or without them), true once the
 * studio's script runs: plain-form parts (a submit button, every kind of a union's fields) show
 * only before, and the scripted editor takes over after, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
