import { addressPostcode } from "./address-postcode";
import { domainsCovered } from "./domains";
import { favicon } from "./favicon";
import { hosts } from "./hosts";
import { leadDestination } from "./lead-destination";
import { licenceNumber } from "./licence-number";
import { logoHeight } from "./logo-height";
import { menuPages } from "./menu-pages";
import { photoThreshold } from "./photo-threshold";
import { placeholderPages } from "./placeholder-pages";
import { schemaPath } from "./schema-path";
import { timeZoneState } from "./time-zone-state";
import type { GoLiveRule } from "../types";

/** The go-live check, in the order its problems are listed: what blocks going live first. */
export const goLiveRules: GoLiveRule[] = [
  leadDestination,
  hosts,
  domainsCovered,
  placeholderPages,
  licenceNumber,
  favicon,
  timeZoneState,
  addressPostcode,
  logoHeight,
  photoThreshold,
  menuPages,
  schemaPath,
];
