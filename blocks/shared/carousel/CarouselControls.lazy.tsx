"use client";
// Below the fold on the pages it sits on: embla's code is fetched when the carousel nears the viewport (hydrateLater).
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const CarouselControls = hydrateLater(() => import("./CarouselControls").then((m) => m.CarouselControls));
