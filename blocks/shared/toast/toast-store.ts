"use client";
/**
 * The page's one toast: a new one replaces the last (only one toast shows at a time), and each
 * removes itself after its time unless a newer one replaced it first. The default time is the
 * spec's auto-remove delay (1,000,000 ms: a saved-car message stays until the shopper closes it
 * or another replaces it); a copied link's toast stays 3 seconds.
 */
export const TOAST_MS = 1_000_000;
export const COPIED_TOAST_MS = 3_000;

export interface Toast {
  id: number;
  /** The component that raised it draws it (so exactly one draws it). */
  owner: string;
  text: string;
  link?: { href: string; label: string };
}

let current: Toast | null = null;
let next = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(owner: string, text: string, options: { link?: Toast["link"]; ms?: number } = {}) {
  const toast: Toast = { id: next++, owner, text, link: options.link };
  current = toast;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (current === toast) dismissToast();
  }, options.ms ?? TOAST_MS);
  emit();
}
export function dismissToast() {
  clearTimeout(timer);
  current = null;
  emit();
}
export function subscribeToast(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
export const toastSnapshot = () => current;
export const toastServerSnapshot = () => null;
