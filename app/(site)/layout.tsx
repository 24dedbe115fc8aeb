import type { ReactNode } from "react";
import "../site-styles";
import { currentRequest } from "@/runtime/request";
import { SiteDocument } from "@/runtime/render/site-document";
import { brandFonts } from "../fonts";
import { VisitTracking } from "@/blocks/shared/forms/VisitTracking";

// Root layout of every page rendered per request: the Host header picks the dealer (and its theme).
// Cached pages have their own root layout: app/%5Fcached/[proto]/[host]/[version]/layout.tsx.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const { tenant } = await currentRequest();
  return (
    <SiteDocument tenant={tenant} fonts={brandFonts} bodyEnd={<VisitTracking />}>
      {children}
    </SiteDocument>
  );
}
