import "server-only";
import type { ReactNode } from "react";
import { brandFontClassNames, brandFontsStyleSheet, themeStyleSheet } from "@/runtime/theme";
import { BRAND_FONTS_SOURCE } from "@/runtime/http/after-paint-scripts.mjs";
import type { ThemeFont } from "@/runtime/generated/types";
import type { Tenant } from "@/runtime/tenant";
import { PreviewOverlay } from "./preview-overlay";

/**
 * The <html> document around every page: the dealer's theme variables in the head, the classes of
 * the dealer's brand fonts on <html> (`fonts` is the site's font declarations, app/fonts.ts) with
 * the switch that turns them on once the page has painted (runtime/http/after-paint-scripts.mjs;
 * it sets an attribute on <html>, hence suppressHydrationWarning there), and
 * at the end of a dealer's body what the layout adds there (the visit tracker for lead attribution). Used by
 * both root layouts: app/(site)/layout.tsx (tenant from the Host header, rendered per request) and
 * app/%5Fcached/[proto]/[host]/[version]/layout.tsx (tenant from the cached route's host param).
 */
export function SiteDocument({
  tenant,
  fonts,
  children,
  bodyEnd,
}: {
  tenant: Tenant;
  fonts: Record<ThemeFont, { variable: string }>;
  children: ReactNode;
  bodyEnd?: ReactNode;
}) {
  const fontClasses = tenant.kind === "site" ? brandFontClassNames(tenant.manifest.theme, fonts) : "";
  return (
    <html lang="en-AU" className={fontClasses || undefined} suppressHydrationWarning>
      <head>
        {tenant.kind === "site" ? (
          <>
            <style id="theme">{themeStyleSheet(tenant.manifest.theme)}</style>
            {fontClasses ? (
              <>
                <noscript>
                  <style>{brandFontsStyleSheet(tenant.manifest.theme)}</style>
                </noscript>
                <script dangerouslySetInnerHTML={{ __html: BRAND_FONTS_SOURCE }} />
              </>
            ) : null}
          </>
        ) : null}
      </head>
      <body>
        {children}
        {tenant.kind === "site" ? bodyEnd : null}
        {tenant.kind === "site" && tenant.preview ? <PreviewOverlay name={tenant.preview} /> : null}
      </body>
    </html>
  );
}
