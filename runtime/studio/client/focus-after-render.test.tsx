// @vitest-environment jsdom
import { act, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { useFocusAfterRender } from "./use-studio";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no CSS.escape; the names here need no escaping.
const holder = globalThis as { CSS?: { escape?: (s: string) => string } };
holder.CSS ??= {};
holder.CSS.escape ??= (s: string) => s;

/** What the tests do to the editor below: ask for a focus, show the late element, render again. */
interface Controls {
  ask: (name: string) => void;
  show: (v: boolean) => void;
  rerender: () => void;
}
const controls: Controls = { ask: () => {}, show: () => {}, rerender: () => {} };

/** A field the person may type in, and an element that appears only when `shown` (as after a check answers). */
function Editor({ to }: { to: Controls }) {
  const focusOn = useFocusAfterRender();
  const [shown, setShown] = useState(false);
  const [, setTick] = useState(0);
  useEffect(() => {
    Object.assign(to, { ask: focusOn, show: setShown, rerender: () => setTick((t) => t + 1) });
  }, [to, focusOn]);
  return (
    <div>
      <button type="button" id="add">
        Add
      </button>
      <input id="field" aria-label="Id" />
      {shown && <input data-focus="item" aria-label="Kind" />}
    </div>
  );
}

const container = document.createElement("div");
document.body.append(container);
const root = createRoot(container);
afterEach(() => act(() => root.render(<></>)));

describe("focus after render in the studio", () => {
  it("focuses the element once it appears on a later render", () => {
    act(() => root.render(<Editor to={controls} />));
    document.getElementById("add")!.focus();
    act(() => controls.ask("item"));
    act(() => controls.rerender());
    expect(document.activeElement?.id).toBe("add");
    act(() => controls.show(true));
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Kind");
  });

  it("leaves focus where the person put it in the meantime", () => {
    act(() => root.render(<Editor to={controls} />));
    act(() => controls.show(false));
    document.getElementById("add")!.focus();
    act(() => controls.ask("item"));
    document.getElementById("field")!.focus();
    act(() => controls.show(true));
    expect(document.activeElement?.id).toBe("field");
  });
});
