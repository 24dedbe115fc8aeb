// The vehicle page's deferred client components without code splitting: what components.lazy.tsx
// loads on demand. Unit tests import this (vitest maps `*.lazy` to the eager module); pages use the lazy one.
export { StickyBars } from "./StickyBars";
export { LeadDialogHost } from "./LeadDialogHost";
