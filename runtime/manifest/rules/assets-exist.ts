import path from "node:path";
import type { ManifestRule, RuleProblem } from "./types";
import { walkJson } from "./types";

/** Keys whose value is an asset path under public/ (blocks use these names for images). */
export const ASSET_KEYS = new Set([
  "src",
  "image",
  "logoSrc",
  "imageBannerSrc",
  "favicon",
  "ogImage",
  "backgroundImage",
  "imageSrc",
  "mobileImage",
  "brochure_url",
]);

export const assetsExist: ManifestRule = {
  id: "assets-exist",
  description: "Referenced assets exist under public/.",
  check({ manifest, publicDir, fileExists }) {
    const problems: RuleProblem[] = [];
    walkJson(manifest, (value, pointer, key) => {
      if (typeof key !== "string" || !ASSET_KEYS.has(key) || typeof value !== "string") return;
      if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/api/")) return;
      const abs = path.join(publicDir, value.split(/[?#]/)[0]);
      if (!abs.startsWith(publicDir + path.sep) || !fileExists(abs))
        problems.push({ pointer, message: `asset '${value}' does not exist under public/`, hint: `add public${value} or fix the path` });
    });
    return problems;
  },
};
