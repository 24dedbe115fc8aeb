"use client";
// Needed only by browsers without invoker commands, and only once the page is idle.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const InvokerFallback = hydrateLater(() => import("./InvokerFallback").then((m) => m.InvokerFallback), "idle");
