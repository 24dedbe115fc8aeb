import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MyGarage } from "./MyGarage";
import type { GarageData } from "./load";
import { blockSite } from "@/tests/helpers/block-site";

// 2026-11-30 15:30 UTC: 1 December in Sydney and Brisbane, still 30 November in Perth.
const data: GarageData = {
  signedIn: true,
  who: "s•••@example.com",
  hasPhone: false,
  watchlist: [],
  enquiries: [{ id: "e1", category: "Enquiry", createdAt: "2026-11-30T15:30:00.000Z", carTitle: "2022 Kia Niro S Hybrid" }],
  ownCar: null,
};
const html = (timeZone: string) =>
  renderToStaticMarkup(<MyGarage props={{ title: "My Garage" } as never} data={data} dataFailed={false} site={blockSite({ timeZone })} slots={{}} />);

describe("my garage", () => {
  it("dates an enquiry by the dealer's own calendar", () => {
    expect(html("Australia/Sydney")).toContain(">1 Dec 2026</time>");
    expect(html("Australia/Perth")).toContain(">30 Nov 2026</time>");
  });
});
