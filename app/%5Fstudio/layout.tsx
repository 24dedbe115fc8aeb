import type { ReactNode } from "react";
import "@/runtime/studio/studio.css";

// Root layout of the studio, the internal route proxy.ts rewrites /studio to on the directory host only.
export const metadata = { title: "Studio", robots: { index: false, follow: false } };

export default function StudioLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-AU">
      <body>{children}</body>
    </html>
  );
}
