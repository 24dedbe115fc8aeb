// The attribute on <html> that turns a dealer's brand fonts on: the theme's stylesheet names the
// brand fonts only under it (runtime/theme.ts), and the brand fonts' switch sets it once the page
// has painted (runtime/http/after-paint-scripts.mjs). Plain JavaScript because the switch's module
// is loaded by scripts/server.mjs with node directly.
export const BRAND_FONTS_ATTRIBUTE = "data-brand-fonts";
