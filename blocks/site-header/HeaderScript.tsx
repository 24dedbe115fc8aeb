"use client";
import { HEADER_PRE_HYDRATION_SCRIPT } from "./pre-hydration";

/**
 * The header's pre-hydration script (pre-hydration.ts), written once into the HTML. From a server
 * component its text was also in the page's RSC payload (about 1.4 KB, once for every header
 * drawn); as a client component the payload holds a reference only. In the browser it has run by
 * the time this hydrates, and React keeps the element the server wrote: the browser's copy renders
 * it empty, so the text is not in the script bundle either (Next compiles `typeof window` away).
 */
export function HeaderScript() {
  if (typeof window !== "undefined") return <script suppressHydrationWarning dangerouslySetInnerHTML={NOTHING} />;
  return <script dangerouslySetInnerHTML={{ __html: HEADER_PRE_HYDRATION_SCRIPT }} />;
}

const NOTHING = { __html: "" };
