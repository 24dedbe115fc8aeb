import type { GoLiveRule } from "../types";

const given = (v: unknown) => typeof v === "string" && v.trim() !== "";

/** Australian motor dealers show their dealer licence number; the footer prints it from the manifest. */
export const licenceNumber: GoLiveRule = {
  id: "licence-number",
  description: "The dealer's motor dealer licence number is set.",
  check({ manifest }) {
    if (given(manifest.dealerLicenceNumber) || (manifest.locations ?? []).some((l) => given(l.dealer_license_number))) return [];
    return [
      {
        pointer: "/dealerLicenceNumber",
        severity: "warning",
        message: "No motor dealer licence number: the footer shows none, and dealers are expected to show it on their website",
        hint: "set the dealer licence number (the studio's Dealer, domains and dealership ids; dealerLicenceNumber in the file) as on the dealer's licence, for example MD 012345",
      },
    ];
  },
};
