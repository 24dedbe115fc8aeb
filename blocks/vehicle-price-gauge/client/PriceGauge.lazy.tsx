"use client";
// Loaded on demand: the section imports this wrapper, so the gauge's code (which asks the API for
// the market data) is fetched only when it nears the viewport or is touched (hydrateLater).
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const PriceGauge = hydrateLater(() => import("./PriceGauge").then((m) => m.PriceGauge));
