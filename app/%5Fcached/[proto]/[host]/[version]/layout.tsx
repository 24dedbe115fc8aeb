import type { ReactNode } from "react";
import "../../../../globals.css";
import { cachedRouteTenant } from "@/runtime/render/cached-page";
import { keyFromParams } from "@/runtime/page-cache/internal-path";
import { SiteDocument } from "@/runtime/render/site-document";

// Root layout of cached pages (proxy.ts rewrites them here; never reachable from outside). The
// dealer comes from the host param, not the Host header, so the page can be rendered once and
// cached (ISR). See runtime/render/cached-page.tsx.
type Props = { children: ReactNode; params: Promise<{ proto: string; host: string; version: string }> };

export default async function CachedRootLayout({ children, params }: Props) {
  const key = keyFromParams({ ...(await params), path: ["-"] });
  return <SiteDocument tenant={key ? cachedRouteTenant(key) : { kind: "unknown", host: "" }}>{children}</SiteDocument>;
}
