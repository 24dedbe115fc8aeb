// The stylesheets of every dealer page, imported by both root layouts (rendered per request, and
// cached: app/%5Fcached/…/layout.tsx), so the two cannot drift apart. The cached layout once lacked
// the fonts' metric-matched stand-ins: home, search and vehicle pages painted in the generic font
// and reflowed when the brand font arrived (Lighthouse CLS 0.30 on a vehicle page).
import "./globals.css";
import "@/runtime/generated/font-fallbacks.css";
