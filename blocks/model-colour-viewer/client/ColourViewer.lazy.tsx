"use client";
// The viewer sits below the model's heading and gallery: its code is fetched only on pages that render it, when it
// nears the viewport or is touched (a click meanwhile is replayed); the server renders it in place, so the first
// colour shows without it.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const ColourViewer = hydrateLater(() => import("./ColourViewer").then((m) => m.ColourViewer));
