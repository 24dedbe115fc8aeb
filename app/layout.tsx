import type { ReactNode } from "react";
import "./globals.css";
import { currentRequest } from "@/runtime/request";
import { themeStyleSheet } from "@/runtime/theme";

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { tenant } = await currentRequest();
  return (
    <html lang="en-AU">
      <head>{tenant.kind === "site" ? <style id="theme">{themeStyleSheet(tenant.manifest.theme)}</style> : null}</head>
      <body>{children}</body>
    </html>
  );
}
