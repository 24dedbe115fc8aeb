import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { blockSite } from "@/tests/helpers/block-site";
import { blockProps } from "@/tests/helpers/block-props";
import { Compare } from "./Compare";
import { compareFields } from "./domain/fields";

const cars = [
  testCar(),
  testCar({
    id: 2,
    slug: "2024-mazda-cx-5-maxx-def456",
    make: "Mazda",
    model: "CX-5",
    badge: "Maxx",
    car_type: "demo",
    simple_body: "peopleMover",
    year: 2024,
  }),
  testCar({ id: 3, slug: "2022-ford-ranger-xlt-ghi789", make: "Ford", model: "Ranger", badge: "XLT", status: "sold", simple_body: "ute" }),
];

const render = (wording: Record<string, unknown> = {}) =>
  renderToStaticMarkup(<Compare props={blockProps("compare")} data={cars} dataFailed={false} slots={{}} site={blockSite({ wording })} />);

describe("compare block", () => {
  it("shows each value in the site's words, not the feed's codes", () => {
    const rows = Object.fromEntries(compareFields(cars, { usedKeyword: "Pre-owned", noPriceText: "POA" }).map((r) => [r.label, r.values]));
    expect(rows.Condition).toEqual(["Pre-owned", "Demo", "Pre-owned"]);
    expect(rows.Body).toEqual(["SUV", "People Mover", "Ute"]);
    expect(rows.Kilometres[0]).toBe("45,210 km");
  });

  it("heads each car's column with its photo, a link to its page and an enquiry (not for a sold car)", () => {
    const out = render();
    expect(out.match(/<img /g)).toHaveLength(3);
    expect(out).toContain('href="/cars/2024-mazda-cx-5-maxx-def456"');
    expect(out).toMatch(/>View car<span class="visually-hidden">: 2024 Mazda CX-5 Maxx<\/span>/);
    expect(out).toContain('href="/contact?car_id=1#enquiry"');
    expect(out).toContain('href="/contact?car_id=2#enquiry"');
    expect(out).not.toContain('href="/contact?car_id=3#enquiry"');
    expect(out).not.toMatch(/>(used|suv|demo)</);
  });

  it("says the cars scroll sideways inside their own region", () => {
    const out = render();
    expect(out).toMatch(/role="region" aria-label="Cars side by side" aria-describedby="compare-hint" tabindex="0"/);
    expect(out).toContain("Scroll sideways to see all 3 side by side.");
  });
});
