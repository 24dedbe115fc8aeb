"use client";
/** One toast at a time on the page (spec: only one toast shows at a time): a new one replaces the last. */
export interface Toast {
  id: number;
  /** The component that raised it draws it (so exactly one draws it). */
  owner: string;
  text: string;
  link?: { href: string; label: string };
}

let current: Toast | null = null;
let next = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showToast(owner: string, text: string, link?: Toast["link"]) {
  current = { id: next++, owner, text, link };
  emit();
}
export function dismissToast() {
  current = null;
  emit();
}
export function subscribeToast(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
export const toastSnapshot = () => current;
export const toastServerSnapshot = () => null;
