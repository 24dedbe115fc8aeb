// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PRE_HYDRATION_SCRIPT, SEARCH_FORM_ID } from "./form";

// The inline script is a string run in the page: run it here on a jsdom document holding the search form.
describe("the pre-hydration search script", () => {
  const originalPush = history.pushState;
  const originalReplace = history.replaceState;
  let form: HTMLFormElement;
  let submit: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    document.body.innerHTML = `<form id="${SEARCH_FORM_ID}"><input type="checkbox" name="car_type" value="used"><input type="search" name="q"></form>`;
    form = document.getElementById(SEARCH_FORM_ID) as HTMLFormElement;
    // jsdom does not navigate: stand in for the browser's submission, firing the submit event as it would.
    submit = vi.fn(() => form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true })));
    form.requestSubmit = submit as unknown as HTMLFormElement["requestSubmit"];
  });
  // Once, as in the page: its listeners sit on the document.
  beforeAll(() => new Function(PRE_HYDRATION_SCRIPT)());
  afterEach(() => {
    history.pushState = originalPush;
    history.replaceState = originalReplace;
  });

  const change = (selector: string) => form.querySelector(selector)!.dispatchEvent(new Event("change", { bubbles: true }));

  it("submits the form when a filter changes before the app is live, and keeps history still until the page is left", () => {
    change('input[type="checkbox"]');
    expect(submit).toHaveBeenCalledTimes(1);
    // The router's hydration would otherwise cancel the navigation with a history write.
    expect(history.replaceState).not.toBe(originalReplace);
    expect(history.pushState).not.toBe(originalPush);
    history.replaceState({}, "", "/somewhere-else");
    expect(location.pathname).not.toBe("/somewhere-else");
  });

  it("leaves history alone when the live app handled the submission itself", () => {
    form.addEventListener("submit", (e) => e.preventDefault());
    change('input[type="checkbox"]');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(history.replaceState).toBe(originalReplace);
  });

  it("does nothing once the app is live, or for a text field", () => {
    change('input[type="search"]');
    form.setAttribute("data-live", "true");
    change('input[type="checkbox"]');
    expect(submit).not.toHaveBeenCalled();
    expect(history.replaceState).toBe(originalReplace);
  });
});
