// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PRE_HYDRATION_SCRIPT, SEARCH_FORM_ID } from "./form";

// The inline script is a string run in the page: run it here on a jsdom document holding the
// search form. jsdom does not navigate, so the script is handed a window whose location records
// where the page would go (its `window` is a parameter here), with the real history.
describe("the pre-hydration search script", () => {
  const originalPush = history.pushState;
  const originalReplace = history.replaceState;
  const assign = vi.fn();
  let form: HTMLFormElement;

  beforeEach(() => {
    document.body.innerHTML = `<form id="${SEARCH_FORM_ID}" action="/search/new-used-and-demo-cars?ignored=1" method="get">
      <input type="checkbox" name="car_type" value="used"><input type="search" name="query" value="">
      <select name="sortBy"><option value="a">a</option><option value="Car_production:price:asc">low</option></select>
      <span><input type="number" name="price_min" min="0" max="100000" value="5000"><button type="button" data-step-by="1000">+</button></span>
    </form>`;
    form = document.getElementById(SEARCH_FORM_ID) as HTMLFormElement;
    assign.mockReset();
  });
  // Once, as in the page: its listeners sit on the document.
  beforeAll(() => new Function("window", PRE_HYDRATION_SCRIPT)({ history, location: { assign } }));
  afterEach(() => {
    history.pushState = originalPush;
    history.replaceState = originalReplace;
  });

  const target = () => new URL(assign.mock.calls[0][0] as string);

  it("loads the filtered page when a filter is clicked before the app is live, and keeps history still until the page is left", () => {
    form.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(target().pathname).toBe("/search/new-used-and-demo-cars");
    expect(Object.fromEntries(target().searchParams)).toEqual({ car_type: "used", query: "", sortBy: "a", price_min: "5000" });
    // The router's hydration would otherwise cancel the navigation with a history write.
    expect(history.replaceState).not.toBe(originalReplace);
    expect(history.pushState).not.toBe(originalPush);
    history.replaceState({}, "", "/somewhere-else");
    expect(location.pathname).not.toBe("/somewhere-else");
  });

  it("reads a checkbox on its click, before a mounted app that is not yet live puts its old state back", () => {
    const box = form.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    // What React does to a controlled checkbox whose refinement went nowhere: the old state, back before the change event.
    box.addEventListener("click", () => (box.checked = false));
    box.click();
    expect(target().searchParams.get("car_type")).toBe("used");
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("loads the page on a sort change, and moves a number by its step button", () => {
    const select = form.querySelector("select")!;
    select.value = "Car_production:price:asc";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(target().searchParams.get("sortBy")).toBe("Car_production:price:asc");
    assign.mockReset();
    form.querySelector<HTMLButtonElement>("button[data-step-by]")!.click();
    expect(target().searchParams.get("price_min")).toBe("6000");
  });

  it("does nothing once the app is live, or for a text field", () => {
    form.querySelector('input[type="search"]')!.dispatchEvent(new Event("change", { bubbles: true }));
    form.setAttribute("data-live", "true");
    form.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    form.querySelector("select")!.dispatchEvent(new Event("change", { bubbles: true }));
    expect(assign).not.toHaveBeenCalled();
    expect(history.replaceState).toBe(originalReplace);
  });
});
