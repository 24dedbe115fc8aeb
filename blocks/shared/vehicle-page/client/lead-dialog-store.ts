/**
 * Which lead dialog of the vehicle page is open, shared by its triggers (sidebar buttons, sticky
 * bars, the sold notice) and the one dialog host. A tiny external store, so a click that comes
 * before the host has subscribed is not lost, and the dialogs' code (the lead form kit) is
 * imported on the first open (or on hover/focus of a trigger), never with the page.
 */
export type LeadDialogKind = "enquire" | "test-drive" | "request-photos" | "find-similar";

export interface LeadDialogRequest {
  kind: LeadDialogKind;
  /** Where the trigger links without JS; used when the dialog code cannot load. */
  href: string;
  seq: number;
}

let current: LeadDialogRequest | null = null;
let seq = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

let hosts = 0;

/** The host registers itself while mounted: without one, triggers stay plain links. */
export function registerLeadDialogHost(): () => void {
  hosts++;
  markHost();
  return () => {
    hosts--;
    markHost();
  };
}

/** `<html data-lead-dialog-host="ready">` while a host is mounted: triggers open dialogs from then on (tests wait for it). */
function markHost() {
  if (typeof document === "undefined") return;
  if (hosts > 0) document.documentElement.dataset.leadDialogHost = "ready";
  else delete document.documentElement.dataset.leadDialogHost;
}
export const hasLeadDialogHost = (): boolean => hosts > 0;

export function openLeadDialog(kind: LeadDialogKind, href: string): void {
  current = { kind, href, seq: ++seq };
  emit();
}

export function closeLeadDialog(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function subscribeLeadDialog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const leadDialogSnapshot = (): LeadDialogRequest | null => current;
export const leadDialogServerSnapshot = (): LeadDialogRequest | null => null;

type DialogsModule = typeof import("./LeadDialogs");
let loading: Promise<DialogsModule> | null = null;

/** The dialogs' code, loaded once on demand (a failed load may be retried). */
export function loadLeadDialogs(): Promise<DialogsModule> {
  loading ??= import("./LeadDialogs").catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** Starts loading the dialogs' code early (hover or focus of a trigger); errors wait for the click. */
export function preloadLeadDialogs(): void {
  loadLeadDialogs().catch(() => {});
}
