"use client";
// Loaded on demand: server components import these wrappers instead of the components
// themselves, so the component's code (and its libraries) is a separate chunk that only pages
// rendering it download. Server rendering is unchanged (next/dynamic renders on the server and
// preloads the chunk for hydration).
import dynamic from "next/dynamic";
export const PhoneReveal = dynamic(() => import("./PhoneReveal").then((m) => m.PhoneReveal));
export const ShareBar = dynamic(() => import("./ShareBar").then((m) => m.ShareBar));
export const PrintButtons = dynamic(() => import("./PrintButtons").then((m) => m.PrintButtons));
export const FuelCalculator = dynamic(() => import("./FuelCalculator").then((m) => m.FuelCalculator));
export const DeliveryCalculator = dynamic(() => import("./DeliveryCalculator").then((m) => m.DeliveryCalculator));
export const PriceGauge = dynamic(() => import("./PriceGauge").then((m) => m.PriceGauge));
export const StickyBars = dynamic(() => import("./StickyBars").then((m) => m.StickyBars));
export const SimilarCarsCarousel = dynamic(() => import("./SimilarCarsCarousel").then((m) => m.SimilarCarsCarousel));
export const GalleryShell = dynamic(() => import("./GalleryShell").then((m) => m.GalleryShell));
export const VideoPlayer = dynamic(() => import("./VideoPlayer").then((m) => m.VideoPlayer));
export const LeadDialogHost = dynamic(() => import("./LeadDialogHost").then((m) => m.LeadDialogHost));
