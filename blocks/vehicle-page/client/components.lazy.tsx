"use client";
// Loaded on demand: server components import these wrappers instead of the components
// themselves, so the component's code (and its libraries) is a separate chunk that only pages
// rendering it download. Server rendering is unchanged.
//
// Two kinds: the image viewer sits above the fold and must answer the keyboard at once, so its
// chunk comes with the page (next/dynamic preloads it). Everything else is below the fold or only
// used later, and waits until it nears the viewport or is touched, focused or clicked
// (hydrateLater), so it never competes with the main picture (the page's LCP) nor adds work to
// the page's load.
import dynamic from "next/dynamic";
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const GalleryShell = dynamic(() => import("./GalleryShell").then((m) => m.GalleryShell));

export const PhoneReveal = hydrateLater(() => import("./PhoneReveal").then((m) => m.PhoneReveal));
export const ShareBar = hydrateLater(() => import("./ShareBar").then((m) => m.ShareBar));
export const PrintButtons = hydrateLater(() => import("./PrintButtons").then((m) => m.PrintButtons));
export const FuelCalculator = hydrateLater(() => import("./FuelCalculator").then((m) => m.FuelCalculator));
export const DeliveryCalculator = hydrateLater(() => import("./DeliveryCalculator").then((m) => m.DeliveryCalculator));
export const PriceGauge = hydrateLater(() => import("./PriceGauge").then((m) => m.PriceGauge));
export const SimilarCarsCarousel = hydrateLater(() => import("./SimilarCarsCarousel").then((m) => m.SimilarCarsCarousel));
export const VideoPlayer = hydrateLater(() => import("./VideoPlayer").then((m) => m.VideoPlayer));
// Fixed bars: nothing to do until the page scrolls (the page's scroll-padding keeps focused
// elements clear of them meanwhile).
export const StickyBars = hydrateLater(() => import("./StickyBars").then((m) => m.StickyBars), "scroll");
// Renders nothing until a dialog opens, but the sidebar's dialog links need it: idle after load.
export const LeadDialogHost = hydrateLater(() => import("./LeadDialogHost").then((m) => m.LeadDialogHost), "idle");
