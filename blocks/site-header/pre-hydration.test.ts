// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HEADER_PRE_HYDRATION_SCRIPT } from "./pre-hydration";

function header(): HTMLElement {
  document.body.innerHTML = `
    <header data-header-nav="">
      <button id="toggle" aria-expanded="false" aria-controls="menu">Menu</button>
      <ul id="menu">
        <li><button id="models" data-dropdown="" aria-expanded="false" aria-controls="p1">Models</button><div id="p1" hidden><a href="/models/a">A</a></div></li>
        <li><button id="service" data-dropdown="" aria-expanded="false" aria-controls="p2">Service</button><div id="p2" hidden><a href="/service">S</a></div></li>
      </ul>
    </header>
    <button id="elsewhere" aria-expanded="false" aria-controls="p3">Other</button><div id="p3" hidden></div>`;
  return document.querySelector("header")!;
}
const click = (id: string) => document.getElementById(id)!.click();
const panel = (id: string) => document.getElementById(id)!;

describe("the header's pre-hydration script", () => {
  beforeAll(() => new Function(HEADER_PRE_HYDRATION_SCRIPT)());
  let h: HTMLElement;
  beforeEach(() => void (h = header()));

  it("opens a dropdown with its marker, and a second click closes it", () => {
    click("models");
    expect(panel("p1").hidden).toBe(false);
    expect(panel("models").getAttribute("aria-expanded")).toBe("true");
    expect(h.classList.contains("dropdown-open")).toBe(true);
    expect(h.getAttribute("data-dropdown-open")).toBe("true");
    click("models");
    expect(panel("p1").hidden).toBe(true);
    expect(panel("models").getAttribute("aria-expanded")).toBe("false");
    expect(h.classList.contains("dropdown-open")).toBe(false);
    expect(h.hasAttribute("data-dropdown-open")).toBe(false);
  });

  it("opening one dropdown closes the other", () => {
    click("models");
    click("service");
    expect(panel("p1").hidden).toBe(true);
    expect(panel("models").getAttribute("aria-expanded")).toBe("false");
    expect(panel("p2").hidden).toBe(false);
  });

  it("opens and closes the mobile menu by the header's data-menu-open", () => {
    click("toggle");
    expect(h.getAttribute("data-menu-open")).toBe("true");
    expect(panel("toggle").getAttribute("aria-expanded")).toBe("true");
    click("toggle");
    expect(h.hasAttribute("data-menu-open")).toBe(false);
  });

  it("Escape closes the open dropdown and returns focus to its button, then the menu", () => {
    click("toggle");
    click("models");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(panel("p1").hidden).toBe(true);
    expect(h.hasAttribute("data-dropdown-open")).toBe(false);
    expect(document.activeElement?.id).toBe("models");
    expect(h.getAttribute("data-menu-open")).toBe("true");
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(h.hasAttribute("data-menu-open")).toBe(false);
    expect(document.activeElement?.id).toBe("toggle");
  });

  it("stands aside once the header is live, and leaves buttons outside the header alone", () => {
    h.setAttribute("data-live", "true");
    click("models");
    expect(panel("p1").hidden).toBe(true);
    click("elsewhere");
    expect(panel("p3").hidden).toBe(true);
    expect(panel("elsewhere").getAttribute("aria-expanded")).toBe("false");
  });
});
