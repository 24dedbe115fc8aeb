"use client";
// Loaded on demand: the video section imports this wrapper instead of the player itself, so the
// player's code is fetched only when the section nears the viewport or is touched (hydrateLater).
// The viewer's walkaround and fullscreen views import the player directly: they are client
// components whose own code already loads on demand.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const VideoPlayer = hydrateLater(() => import("./VideoPlayer").then((m) => m.VideoPlayer));
