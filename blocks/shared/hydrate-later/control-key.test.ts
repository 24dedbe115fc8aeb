// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { controlKey, findControl } from "./control-key";

function island(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

const BUTTONS = "button";

describe("controlKey and findControl", () => {
  it("find the same control by what it is, wherever the live markup puts it", () => {
    const before = island("<button>Save</button><button>Save</button><button>Share</button>");
    const key = controlKey(before, BUTTONS, before.querySelectorAll("button")[1]);
    const after = island("<button>Filters</button><button>Share</button><button>Save</button><button>Save</button>");
    expect(findControl(after, BUTTONS, key)).toBe(after.querySelectorAll("button")[3]);
  });

  it("fall back to the control's attributes when its text changed once live", () => {
    const before = island('<button name="filters">Filters</button>');
    const key = controlKey(before, BUTTONS, before.querySelector("button")!);
    const after = island('<button>Save</button><button name="filters">Filters (2)</button>');
    expect(findControl(after, BUTTONS, key)).toBe(after.querySelectorAll("button")[1]);
  });

  it("find a field whose id React's useId made, although the live component is given another", () => {
    const fields = "input";
    for (const [server, client] of [
      ["«R1a»-distanceKm", "«r5»-distanceKm"],
      ["_R_1a_-distanceKm", "_r_5_-distanceKm"],
      [":R1a:-distanceKm", ":r5:-distanceKm"],
    ]) {
      const before = island(`<input id="${server.replace("distanceKm", "price")}"><input id="${server}">`);
      const key = controlKey(before, fields, before.querySelectorAll("input")[1]);
      const after = island(`<input id="${client.replace("distanceKm", "price")}"><input id="${client}">`);
      expect(findControl(after, fields, key)).toBe(after.querySelectorAll("input")[1]);
    }
  });

  it("find nothing rather than guess when the control is gone", () => {
    const before = island("<button>Save</button>");
    const key = controlKey(before, BUTTONS, before.querySelector("button")!);
    expect(findControl(island("<button>Share</button>"), BUTTONS, key)).toBeUndefined();
  });

  it("tell checkboxes apart by their value, and text fields not by what was typed", () => {
    const before = island('<input type="checkbox" name="t" value="new"><input type="checkbox" name="t" value="used"><input name="q" value="typed">');
    const used = controlKey(before, "input", before.querySelectorAll("input")[1]);
    const q = controlKey(before, "input", before.querySelectorAll("input")[2]);
    const after = island('<input type="checkbox" name="t" value="used"><input name="q" value="">');
    expect(findControl(after, "input", used)).toBe(after.querySelectorAll("input")[0]);
    expect(findControl(after, "input", q)).toBe(after.querySelectorAll("input")[1]);
  });
});
