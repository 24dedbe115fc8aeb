"use client";
// Loaded on demand: the vehicle page imports these wrappers instead of the components themselves,
// so their code is a separate chunk that the browser fetches later (hydrateLater); the server
// renders them as before.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

// Fixed bars: nothing to do until the page scrolls (the page's scroll-padding keeps focused
// elements clear of them meanwhile).
export const StickyBars = hydrateLater(() => import("./StickyBars").then((m) => m.StickyBars), "scroll");
// Renders nothing until a dialog opens, but the sidebar's dialog links need it: idle after load.
export const LeadDialogHost = hydrateLater(() => import("./LeadDialogHost").then((m) => m.LeadDialogHost), "idle");
