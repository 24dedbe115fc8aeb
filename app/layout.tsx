import { Suspense, type ReactNode } from "react";
import "./globals.css";
import { currentRequest } from "@/runtime/request";
import { themeStyleSheet } from "@/runtime/theme";
import { VisitTracker } from "@/blocks/shared/forms/VisitTracker";

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { tenant } = await currentRequest();
  return (
    <html lang="en-AU">
      <head>{tenant.kind === "site" ? <style id="theme">{themeStyleSheet(tenant.manifest.theme)}</style> : null}</head>
      <body>
        {children}
        {tenant.kind === "site" ? (
          <Suspense fallback={null}>
            <VisitTracker />
          </Suspense>
        ) : null}
      </body>
    </html>
  );
}
