// The sidebar's deferred client components without code splitting: what components.lazy.tsx
// loads on demand. Unit tests import this (vitest maps `*.lazy` to the eager module); pages use the lazy one.
export { PhoneReveal } from "./PhoneReveal";
export { ShareBar } from "./ShareBar";
export { PrintButtons } from "./PrintButtons";
