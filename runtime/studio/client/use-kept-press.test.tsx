// @vitest-environment jsdom
import { act, useRef } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useKeptPress } from "./use-kept-press";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no PointerEvent: a mouse event with the pointer's own fields is what the hook reads.
class TestPointerEvent extends MouseEvent {
  isPrimary: boolean;
  constructor(type: string, init: MouseEventInit & { isPrimary?: boolean }) {
    super(type, init);
    this.isPrimary = init.isPrimary ?? true;
  }
}

function Editor({ onAdd }: { onAdd: () => void }) {
  const root = useRef<HTMLDivElement>(null);
  useKeptPress(root);
  return (
    <div ref={root}>
      <fieldset>
        <p id="line">A line that slid under the pointer</p>
        <button type="button" id="add" onClick={onAdd}>
          Add to Special hours
        </button>
      </fieldset>
    </div>
  );
}

let host: HTMLDivElement;
let root: Root;
let onAdd: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  onAdd = vi.fn<() => void>();
  act(() => root.render(<Editor onAdd={onAdd} />));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

const add = () => document.getElementById("add")!;
const line = () => document.getElementById("line")!;
/** The button's place on the page: where it was when pressed, then where the re-render put it. */
function buttonAt(...tops: number[]) {
  let i = 0;
  vi.spyOn(add(), "getBoundingClientRect").mockImplementation(() => ({ top: tops[Math.min(i++, tops.length - 1)], left: 20 }) as DOMRect);
}
function press(on: Element, at: { x: number; y: number }, release: { el: Element; x: number; y: number }, primary = true) {
  on.dispatchEvent(new TestPointerEvent("pointerdown", { bubbles: true, button: 0, clientX: at.x, clientY: at.y, isPrimary: primary }));
  release.el.dispatchEvent(new TestPointerEvent("pointerup", { bubbles: true, button: 0, clientX: release.x, clientY: release.y, isPrimary: primary }));
  // The browser's own click goes to what both share: the fieldset, which does nothing.
  release.el.parentElement?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  act(() => vi.runAllTimers());
}

describe("a press the layout moved away from", () => {
  it("clicks what was pressed when the control moved under a still pointer", () => {
    buttonAt(100, 127);
    press(add(), { x: 30, y: 110 }, { el: line(), x: 30, y: 110 });
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it("leaves a release on the control itself to the browser (one click, not two)", () => {
    buttonAt(100, 104);
    press(add(), { x: 30, y: 110 }, { el: add(), x: 30, y: 110 });
    expect(onAdd).toHaveBeenCalledTimes(0);
  });

  it("leaves a pointer that moved away alone: a change of mind is not a click", () => {
    buttonAt(100, 127);
    press(add(), { x: 30, y: 110 }, { el: line(), x: 30, y: 160 });
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("leaves a control that did not move alone, and a second finger's press", () => {
    buttonAt(100, 100);
    press(add(), { x: 30, y: 110 }, { el: line(), x: 30, y: 110 });
    buttonAt(100, 127);
    press(add(), { x: 30, y: 110 }, { el: line(), x: 30, y: 110 }, false);
    expect(onAdd).not.toHaveBeenCalled();
  });
});
