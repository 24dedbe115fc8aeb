import { assetsExist } from "./assets-exist";
import { blockWithin } from "./block-within";
import { flagsDeclared } from "./flags-declared";
import { linksResolve } from "./links-resolve";
import { locationsBelong } from "./locations-belong";
import { tileDates } from "./tile-dates";
import { vehiclePageSections } from "./vehicle-page-sections";
import type { ManifestRule } from "./types";

/** Per-manifest semantic rules. Cross-manifest uniqueness lives in unique-hosts.ts. */
export const manifestRules: ManifestRule[] = [linksResolve, blockWithin, vehiclePageSections, flagsDeclared, tileDates, assetsExist, locationsBelong];
