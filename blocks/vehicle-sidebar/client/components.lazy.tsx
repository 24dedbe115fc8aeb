"use client";
// Loaded on demand: the sidebar imports these wrappers instead of the components themselves, so
// their code is a separate chunk fetched only when the part nears the viewport or is touched,
// focused or clicked (hydrateLater): it never competes with the main picture (the page's LCP)
// nor adds work to the page's load. Server rendering is unchanged.
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const PhoneReveal = hydrateLater(() => import("./PhoneReveal").then((m) => m.PhoneReveal));
export const ShareBar = hydrateLater(() => import("./ShareBar").then((m) => m.ShareBar));
export const PrintButtons = hydrateLater(() => import("./PrintButtons").then((m) => m.PrintButtons));
