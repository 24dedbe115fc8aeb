"use client";
// Loaded on demand: the section imports this wrapper, so the calculator's code is fetched only
// when it nears the viewport or is touched (hydrateLater); the server renders it as before.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const DeliveryCalculator = hydrateLater(() => import("./DeliveryCalculator").then((m) => m.DeliveryCalculator));
