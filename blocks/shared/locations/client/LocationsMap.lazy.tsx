"use client";
// The map is below the fold wherever it is placed: its code (and then the Maps script) is fetched only when it nears the viewport.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const LocationsMap = hydrateLater(() => import("./LocationsMap").then((m) => m.LocationsMap));
