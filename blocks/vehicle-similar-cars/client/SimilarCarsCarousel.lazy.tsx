"use client";
// Loaded on demand: the section imports this wrapper, so the carousel's code (and its library) is
// fetched only when it nears the viewport or is touched (hydrateLater); the cards are server markup.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const SimilarCarsCarousel = hydrateLater(() => import("./SimilarCarsCarousel").then((m) => m.SimilarCarsCarousel));
