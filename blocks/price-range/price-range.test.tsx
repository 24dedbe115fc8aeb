// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { DealerManifest, PriceRangeProps } from "@/runtime/generated/types";
import { blockProps } from "@/tests/helpers/block-props";
import type { SiteContext } from "@/runtime/render/types";
import { PriceRange } from "./PriceRange";

afterEach(cleanup);

function setup(written: PriceRangeProps = {}) {
  const props = blockProps("price-range", written);
  const site = {
    manifest: { slug: "t", name: "T" } as unknown as DealerManifest,
    pattern: "/price-range",
    params: {},
    pathname: "/price-range",
    searchParams: {},
    origin: "",
    now: new Date(),
  } as SiteContext;
  return render(<>{PriceRange({ props, data: undefined, dataFailed: false, site, slots: {} })}</>);
}
const link = () => new URL(screen.getByRole("link", { name: "View Results" }).getAttribute("href")!, "http://x");
const range = () => link().searchParams.get("range[price]");

describe("price-range block", () => {
  it("defaults to 5,000 to 250,000 in steps of 500, linking to the results sorted by price descending", () => {
    setup();
    const low = screen.getByRole("slider", { name: "Minimum price slider" }) as HTMLInputElement;
    const high = screen.getByRole("slider", { name: "Maximum price slider" }) as HTMLInputElement;
    expect([low.min, low.max, low.step, low.value, high.value]).toEqual(["5000", "250000", "500", "5000", "250000"]);
    expect(low.getAttribute("aria-valuetext")).toBe("$5,000");
    expect(link().pathname).toBe("/search/new-used-and-demo-cars");
    expect(range()).toBe("5000:250000");
    expect(link().searchParams.get("sortBy")).toBe("Car_production:price:desc");
    expect(screen.getByRole("region", { name: "Price range" })).toBeTruthy();
  });

  it("moves each thumb, keeping the low one a step below the high one", () => {
    setup();
    fireEvent.change(screen.getByRole("slider", { name: "Maximum price slider" }), { target: { value: "40000" } });
    expect(range()).toBe("5000:40000");
    expect((screen.getByLabelText("Maximum price") as HTMLInputElement).value).toBe("40,000");
    fireEvent.change(screen.getByRole("slider", { name: "Minimum price slider" }), { target: { value: "60000" } });
    expect(range()).toBe("39500:40000");
  });

  it("takes typed prices, and explains one out of range without using it", () => {
    setup();
    const min = screen.getByLabelText("Minimum price");
    fireEvent.focus(min);
    fireEvent.change(min, { target: { value: "20000" } });
    expect(range()).toBe("20000:250000");
    fireEvent.change(min, { target: { value: "1000" } });
    expect(screen.getByText("Enter an amount from $5,000 to $250,000")).toBeTruthy();
    expect(range()).toBe("20000:250000");
    fireEvent.keyDown(screen.getByLabelText("Maximum price"), { key: "ArrowDown" });
    expect(range()).toBe("20000:249500");
  });

  it("uses configured limits, heading, label and search path; a pair that cannot move widens to one step", () => {
    setup({ heading: "Shop by price", min: 10000, max: 50000, step: 1000, buttonLabel: "Show cars", searchPath: "/search/used-cars" });
    expect(screen.getByRole("heading", { level: 2, name: "Shop by price" })).toBeTruthy();
    const href = screen.getByRole("link", { name: "Show cars" }).getAttribute("href");
    expect(href).toBe("/search/used-cars?range%5Bprice%5D=10000%3A50000&sortBy=Car_production%3Aprice%3Adesc");
    cleanup();
    setup({ min: 9000, max: 9000 });
    expect(range()).toBe("9000:9500");
  });
});
