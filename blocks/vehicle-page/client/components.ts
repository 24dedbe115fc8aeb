// The vehicle page's client components without code splitting: what components.lazy.tsx loads on
// demand. Unit tests import this (vitest maps `*.lazy` to the eager module); pages use the lazy one.
export { PhoneReveal } from "./PhoneReveal";
export { ShareBar } from "./ShareBar";
export { PrintButtons } from "./PrintButtons";
export { FuelCalculator } from "./FuelCalculator";
export { DeliveryCalculator } from "./DeliveryCalculator";
export { PriceGauge } from "./PriceGauge";
export { StickyBars } from "./StickyBars";
export { SimilarCarsCarousel } from "./SimilarCarsCarousel";
export { GalleryShell } from "./GalleryShell";
export { VideoPlayer } from "./VideoPlayer";
export { LeadDialogHost } from "./LeadDialogHost";
