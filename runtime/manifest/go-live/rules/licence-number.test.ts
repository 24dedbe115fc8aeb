import { describe, expect, it } from "vitest";
import { goLiveContext } from "../../../../tests/helpers/go-live-context";
import { licenceNumber } from "./licence-number";

describe("go-live rule licence-number", () => {
  it("warns when neither the dealer nor a location has a licence number", () => {
    expect(licenceNumber.check(goLiveContext())).toEqual([expect.objectContaining({ pointer: "/dealerLicenceNumber", severity: "warning" })]);
  });

  it("counts a blank number as none", () => {
    expect(licenceNumber.check(goLiveContext((m) => (m.dealerLicenceNumber = "  ")))).toHaveLength(1);
  });

  it("accepts the dealer's number or a location's", () => {
    expect(licenceNumber.check(goLiveContext((m) => (m.dealerLicenceNumber = "MD 012345")))).toEqual([]);
    expect(licenceNumber.check(goLiveContext((m) => (m.locations[0].dealer_license_number = "MD 012345")))).toEqual([]);
  });
});
