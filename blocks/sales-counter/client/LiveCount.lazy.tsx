"use client";
// The counter's refresh is not needed for the first paint: its code loads when it nears the viewport.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const LiveCount = hydrateLater(() => import("./LiveCount").then((m) => m.LiveCount));
