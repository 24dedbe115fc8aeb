import type { GoLiveRule } from "../types";

/**
 * The tallest logo the site header holds without growing: its row is 64 px high
 * (blocks/site-header/site-header.module.css). A taller logo pushes the menu down and, on a
 * phone, takes much of the first screen.
 */
export const HEADER_LOGO_MAX_HEIGHT = 64;

/** The logo is drawn no taller than the header allows; a size that fits, in the same proportions, is proposed. */
export const logoHeight: GoLiveRule = {
  id: "logo-height",
  description: "The logo is drawn no taller than the header allows.",
  check({ manifest }) {
    const logo = manifest.theme?.logo as { src?: string; width?: number; height?: number } | undefined;
    if (!logo?.src || !logo.height || logo.height <= HEADER_LOGO_MAX_HEIGHT) return [];
    const width = logo.width ? Math.round((logo.width * HEADER_LOGO_MAX_HEIGHT) / logo.height) : undefined;
    return [
      {
        pointer: "/theme/logo/height",
        severity: "warning",
        message: `The logo is drawn ${logo.height} px tall, but the header has room for ${HEADER_LOGO_MAX_HEIGHT} px: it would make the header taller and push the menu down`,
        hint: width
          ? `draw it at ${width} × ${HEADER_LOGO_MAX_HEIGHT} (the same proportions): set width ${width} and height ${HEADER_LOGO_MAX_HEIGHT}`
          : `set its height to ${HEADER_LOGO_MAX_HEIGHT} or less`,
      },
    ];
  },
};
