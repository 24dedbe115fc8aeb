import { assetsExist } from "./assets-exist";
import { blockWithin } from "./block-within";
import { flagsDeclared } from "./flags-declared";
import { linksResolve } from "./links-resolve";
import { locationsBelong } from "./locations-belong";
import { modelCatalogue } from "./model-catalogue";
import { reservedHosts } from "./reserved-hosts";
import { reservedSlugs } from "./reserved-slugs";
import { tileDates } from "./tile-dates";
import { vehiclePageSections } from "./vehicle-page-sections";
import { altText } from "./alt-text";
import { dealershipStock } from "./dealership-stock";
import { hoursOrder } from "./hours-order";
import { holidayHours } from "./holiday-hours";
import { imageProportions } from "./image-proportions";
import { searchLinksStock } from "./search-links-stock";
import { stockFeed } from "./stock-feed";
import { spinToWin } from "./spin-to-win";
import { themeContrast } from "./theme-contrast";
import type { ManifestRule } from "./types";

/** Per-manifest semantic rules. What must be unique across manifests (slugs, hosts, dealership ids) is in ../claims.ts. */
export const manifestRules: ManifestRule[] = [
  linksResolve,
  blockWithin,
  vehiclePageSections,
  flagsDeclared,
  tileDates,
  assetsExist,
  locationsBelong,
  reservedHosts,
  reservedSlugs,
  modelCatalogue,
  hoursOrder,
  holidayHours,
  themeContrast,
  altText,
  dealershipStock,
  searchLinksStock,
  imageProportions,
  stockFeed,
  spinToWin,
];
