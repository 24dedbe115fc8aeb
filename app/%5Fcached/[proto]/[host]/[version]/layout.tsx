import type { ReactNode } from "react";
import "../../../../site-styles";
import { cachedLayoutTenant } from "@/runtime/render/cached-page";
import { SiteDocument } from "@/runtime/render/site-document";
import { brandFonts } from "../../../../fonts";
import { VisitTracking } from "@/blocks/shared/forms/VisitTracking";

// Root layout of cached pages (proxy.ts rewrites them here; never reachable from outside). The
// dealer comes from the host param, not the Host header, so the page can be rendered once and
// cached (ISR). See runtime/render/cached-page.tsx.
type Props = { children: ReactNode; params: Promise<{ proto: string; host: string; version: string }> };

export default async function CachedRootLayout({ children, params }: Props) {
  return (
    <SiteDocument tenant={cachedLayoutTenant(await params)} fonts={brandFonts} bodyEnd={<VisitTracking />}>
      {children}
    </SiteDocument>
  );
}
