import type { GoLiveRule } from "../types";

/** Without a favicon, browser tabs, bookmarks and home-screen shortcuts show a blank page. */
export const favicon: GoLiveRule = {
  id: "favicon",
  description: "The site has a favicon.",
  check({ manifest }) {
    if (manifest.theme?.favicon) return [];
    return [
      {
        pointer: "/theme/favicon",
        severity: "warning",
        message: "No favicon: browser tabs and bookmarks show a blank icon instead of the dealer's",
        hint: "upload a square picture (SVG or PNG, at least 48×48) and set it as theme › favicon",
      },
    ];
  },
};
