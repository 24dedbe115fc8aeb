// @vitest-environment jsdom
import { act, useState, type ComponentType, type ReactElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateLater, watchForHydration } from "./hydrateLater";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

function Echo({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <input aria-label="Postcode" value={value} onChange={(e) => setValue(e.target.value)} />
      <output>{value}</output>
    </>
  );
}

// What the server sends for <Deferred label="Clicked" />: the component's markup inside the wrapper.
const SERVER_HTML = '<div style="display:contents" data-hydrate-later="pending"><button type="button">Clicked <!-- -->0</button></div>';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  vi.useRealTimers();
});

function serverRendered(): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = SERVER_HTML;
  document.body.append(container);
  return container;
}

/** What the server sends for `element` (its markup `html` inside the pending wrapper), hydrated as the page would be. */
async function hydratedIsland(html: string, element: ReactElement): Promise<HTMLElement> {
  const container = document.createElement("div");
  container.innerHTML = `<div style="display:contents" data-hydrate-later="pending">${html}</div>`;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, element);
  });
  return container;
}

/** What the server sends for a deferred postcode field holding 4000, hydrated as the page would be. */
function hydratedPostcodeIsland(Deferred: ComponentType<{ initial: string }>): Promise<HTMLElement> {
  return hydratedIsland('<input aria-label="Postcode" value="4000"/><output>4000</output>', <Deferred initial="4000" />);
}

/** A component's code held back until `arrive` hands it over. */
function codeOnHold<C>() {
  let arrive: (component: C) => void = () => undefined;
  const load = () => new Promise<C>((resolve) => (arrive = resolve));
  return { load, arrive: (component: C) => arrive(component) };
}

/**
 * Hands the held code over and runs `visitor` after the code has arrived (its state taken) but
 * before the live markup replaces the static one: inside one act scope React holds the commit
 * until the scope ends.
 */
async function betweenArrivalAndCommit(container: HTMLElement, arrive: () => void, visitor: () => void): Promise<void> {
  await act(async () => {
    arrive();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("arrived");
    visitor();
  });
  await vi.waitFor(() => expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done"));
}

/** Hands the held code over and runs what is then due (fake timers on). */
async function arrive<C>(code: { arrive: (component: C) => void }, component: C): Promise<void> {
  await act(async () => {
    code.arrive(component);
    await vi.runOnlyPendingTimersAsync();
  });
}

/** A pointer going down on the button: the primary one's main button, unless `fields` say otherwise. */
const pointerDown =
  (fields: { button?: number } = {}) =>
  (button: HTMLButtonElement) =>
    button.dispatchEvent(Object.assign(new Event("pointerdown", { bubbles: true }), fields));

/**
 * The static island of a Counter, its gate opened by a press of its button (`press`: a pointer
 * going down, by default), and the code arrived while the press is under way (fake timers on).
 */
async function codeArrivedMidPress(press: (button: HTMLButtonElement) => void = pointerDown()): Promise<{ container: HTMLElement; button: HTMLButtonElement }> {
  vi.useFakeTimers();
  const code = codeOnHold<typeof Counter>();
  const Deferred = hydrateLater(code.load, "visible");
  const container = serverRendered();
  await act(async () => {
    root = hydrateRoot(container, <Deferred label="Clicked" />);
  });
  const button = container.querySelector("button")!;
  await act(async () => press(button));
  await arrive(code, Counter);
  return { container, button };
}

/** Runs what is due, expects the island live, and clears the page for the next case of a loop. */
async function goesLiveThenCleared(container: HTMLElement, label: string): Promise<void> {
  await act(() => vi.runOnlyPendingTimersAsync());
  expect(container.firstElementChild?.getAttribute("data-hydrate-later"), label).toBe("done");
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
}

describe("hydrateLater", () => {
  it("mounted by a client-side navigation (no server markup), fetches its code at once and goes live without waiting for its gate", async () => {
    const load = vi.fn(async () => Counter);
    const Deferred = hydrateLater(load, "scroll");
    const container = document.createElement("div");
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<Deferred label="Navigated" />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector("button")?.textContent).toBe("Navigated 0");
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done");
  });

  it("keeps the server markup untouched and fetches no code until its gate opens", async () => {
    const load = vi.fn(async () => Counter);
    const Deferred = hydrateLater(load, "visible");
    const container = serverRendered();
    const serverButton = container.querySelector("button");
    await act(async () => {
      root = hydrateRoot(container, <Deferred label="Clicked" />);
    });
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector("button")).toBe(serverButton);
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("pending");
  });

  it("goes live on interaction, in one swap, and gives focus back to the same control", async () => {
    const load = vi.fn(async () => Counter);
    const Deferred = hydrateLater(load, "visible");
    const container = serverRendered();
    await act(async () => {
      root = hydrateRoot(container, <Deferred label="Clicked" />);
    });
    await act(async () => {
      container.querySelector("button")!.focus();
    });
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done"));
    const live = container.querySelector("button")!;
    expect(container.querySelectorAll("button")).toHaveLength(1);
    expect(document.activeElement).toBe(live);
    await act(async () => live.click());
    expect(live.textContent).toBe("Clicked 1");
  });

  it("gives focus back though the browser reports the focused field's removal by the swap as a blur (as Chromium does)", async () => {
    // Chromium fires blur and focusout on the focused element inside removeChild, before detaching it.
    const removeChild = Node.prototype.removeChild;
    const spy = vi.spyOn(Node.prototype, "removeChild").mockImplementation(function <T extends Node>(this: Node, child: T): T {
      const active = document.activeElement;
      if (active instanceof HTMLElement && child.contains(active)) active.blur();
      return removeChild.call(this, child) as T;
    });
    try {
      const Deferred = hydrateLater(async () => Echo, "visible");
      const container = await hydratedPostcodeIsland(Deferred);
      const input = container.querySelector("input")!;
      await act(async () => input.focus());
      await vi.waitFor(() => expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done"));
      expect(container.querySelector("input")).not.toBe(input);
      expect(document.activeElement).toBe(container.querySelector("input"));
    } finally {
      spy.mockRestore();
    }
  });

  it("an 'idle' part goes live when the browser is idle after load, even if nobody scrolls to it", async () => {
    vi.useFakeTimers();
    const Deferred = hydrateLater(async () => Counter, "idle");
    const container = serverRendered();
    await act(async () => {
      root = hydrateRoot(container, <Deferred label="Clicked" />);
    });
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("pending");
    // jsdom has no requestIdleCallback: the fallback is a 200 ms timer after load.
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done");
  });

  it("a 'visible' part does not go live just because the page has loaded", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => Counter);
    const Deferred = hydrateLater(load, "visible");
    const container = serverRendered();
    await act(async () => {
      root = hydrateRoot(container, <Deferred label="Clicked" />);
    });
    // A minute later: any timer the part set (an idle fallback would be one) has fired.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(load).not.toHaveBeenCalled();
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("pending");
  });

  it("replays a click made before the code arrived on the live control", async () => {
    vi.useFakeTimers();
    const Deferred = hydrateLater(async () => Counter, "visible");
    const container = serverRendered();
    await act(async () => {
      root = hydrateRoot(container, <Deferred label="Clicked" />);
    });
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => container.querySelector("button")!.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    // The click opened the gate: the code arrives and the live component is committed.
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done");
    expect(container.querySelector("button")?.textContent).toBe("Clicked 0");
    // The held click is replayed on the next task, after the commit.
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(container.querySelector("button")?.textContent).toBe("Clicked 1");
  });

  it("waits for a press under way to end in its click before going live, so that the click is not lost", async () => {
    const { container, button } = await codeArrivedMidPress();
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("arrived");
    expect(container.querySelector("button")).toBe(button); // still under the pointer
    // The release and its click land on the button pressed: held, then replayed once live.
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => {
      button.dispatchEvent(new Event("pointerup", { bubbles: true }));
      button.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done");
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(container.querySelector("button")?.textContent).toBe("Clicked 1");
  });

  it("goes live once a press under way is over without a click: cancelled (a scroll), or released with no click to come", async () => {
    for (const release of ["pointercancel", "pointerup"]) {
      const { container } = await codeArrivedMidPress();
      await act(async () => window.dispatchEvent(new Event(release)));
      if (release === "pointerup") {
        await act(() => vi.advanceTimersByTimeAsync(400));
        expect(container.firstElementChild?.getAttribute("data-hydrate-later"), release).toBe("arrived"); // its click may yet come
        await act(() => vi.advanceTimersByTimeAsync(100));
      }
      await goesLiveThenCleared(container, release);
    }
  });

  it("waits only for the pressing pointer: another pointer's release does not end the press, and a menu or a drag does", async () => {
    for (const end of ["contextmenu", "dragstart"]) {
      const { container } = await codeArrivedMidPress();
      await act(async () => window.dispatchEvent(Object.assign(new Event("pointerup"), { pointerId: 7 })));
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(container.firstElementChild?.getAttribute("data-hydrate-later"), end).toBe("arrived");
      await act(async () => window.dispatchEvent(new Event(end)));
      await goesLiveThenCleared(container, end);
    }
  });

  it("waits for the space bar pressed on a button to come up with its click (a keyboard press)", async () => {
    // Focused by Tab (which opens the gate), then the space bar goes down; the code arrives meanwhile.
    const { container, button } = await codeArrivedMidPress((target) => {
      target.focus();
      target.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    });
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("arrived");
    await act(async () => window.dispatchEvent(new KeyboardEvent("keyup", { key: "Enter" })));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("arrived"); // another key's release
    await act(async () => {
      button.dispatchEvent(new KeyboardEvent("keyup", { key: " ", bubbles: true }));
      button.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    });
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done");
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(container.querySelector("button")?.textContent).toBe("Clicked 1"); // the held click, replayed
  });

  it("waits for a press begun before the part was watched (its control :active), ended by the space bar's or a pointer's release", async () => {
    for (const release of [new KeyboardEvent("keyup", { key: " " }), Object.assign(new Event("pointerup"), { pointerId: 3 })]) {
      vi.useFakeTimers();
      const code = codeOnHold<typeof Counter>();
      const Deferred = hydrateLater(code.load, "visible");
      const container = serverRendered();
      const button = container.querySelector("button")!;
      // jsdom has no :active: the browser's answer while the button is held down.
      const querySelector = vi.spyOn(HTMLElement.prototype, "querySelector").mockImplementation(function (this: HTMLElement, selector: string) {
        return selector === ":active" && this.contains(button) ? button : Element.prototype.querySelector.call(this, selector);
      });
      try {
        await act(async () => {
          root = hydrateRoot(container, <Deferred label="Clicked" />);
        });
      } finally {
        querySelector.mockRestore();
      }
      await act(async () => button.focus());
      await arrive(code, Counter);
      expect(container.firstElementChild?.getAttribute("data-hydrate-later"), release.type).toBe("arrived");
      await act(async () => window.dispatchEvent(release));
      await act(() => vi.advanceTimersByTimeAsync(500));
      await goesLiveThenCleared(container, release.type);
    }
  });

  it("does not wait for a space typed into a field", async () => {
    vi.useFakeTimers();
    const code = codeOnHold<typeof Echo>();
    const Deferred = hydrateLater(code.load, "visible");
    const container = await hydratedPostcodeIsland(Deferred);
    const input = container.querySelector("input")!;
    await act(async () => input.focus());
    await act(async () => input.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true })));
    await arrive(code, Echo);
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done");
  });

  it("does not wait for a press of the secondary button (its menu may open with no release to follow)", async () => {
    const { container } = await codeArrivedMidPress(pointerDown({ button: 2 }));
    expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done");
  });

  it("replays a held click on the same named field when the live markup adds a control before it", async () => {
    vi.useFakeTimers();
    // Static: a link then the checkbox; live: a button in the link's place (the search page's filter toggle).
    function Filters() {
      const [used, setUsed] = useState(false);
      return (
        <>
          <button type="button">Filters</button>
          <input type="checkbox" name="car_type" value="used" aria-label="Used" checked={used} onChange={(e) => setUsed(e.target.checked)} />
          <output>{used ? "used" : "all"}</output>
        </>
      );
    }
    const Deferred = hydrateLater(async () => Filters, "visible");
    const container = document.createElement("div");
    container.innerHTML =
      '<div style="display:contents" data-hydrate-later="pending"><a href="#f">Filters</a><input type="checkbox" name="car_type" value="used" aria-label="Used"/><output>all</output></div>';
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <Deferred />);
    });
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => container.querySelector("input")!.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(container.querySelector("output")?.textContent).toBe("used");
    expect(container.querySelector("input")?.checked).toBe(true);
  });

  it("replays a held click on the same unnamed button when the live markup adds a control before it", async () => {
    vi.useFakeTimers();
    // Static: a link then two buttons alike but for their text; live: a button in the link's place.
    function Cards() {
      const [saved, setSaved] = useState<string[]>([]);
      const save = (car: string) => () => setSaved([...saved, car]);
      return (
        <>
          <button type="button">Filters</button>
          <button type="button" onClick={save("A")}>
            Save A
          </button>
          <button type="button" onClick={save("B")}>
            Save B
          </button>
          <output>{saved.join(",")}</output>
        </>
      );
    }
    const Deferred = hydrateLater(async () => Cards, "visible");
    const container = document.createElement("div");
    container.innerHTML =
      '<div style="display:contents" data-hydrate-later="pending"><a href="#f">Filters</a><button type="button">Save A</button><button type="button">Save B</button><output></output></div>';
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <Deferred />);
    });
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => container.querySelectorAll("button")[1].dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(container.querySelector("output")?.textContent).toBe("B");
  });

  it("carries a typed value and the focus to the same field when the live markup adds a field before it", async () => {
    function Fields({ initial }: { initial: string }) {
      const [value, setValue] = useState(initial);
      return (
        <>
          <input type="search" aria-label="Keyword" />
          <input aria-label="Postcode" value={value} onChange={(e) => setValue(e.target.value)} />
          <output>{value}</output>
        </>
      );
    }
    const Deferred = hydrateLater(async () => Fields, "visible");
    const container = await hydratedPostcodeIsland(Deferred);
    const input = container.querySelector("input")!;
    input.value = "2000";
    input.focus();
    await act(async () => input.dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    await vi.waitFor(() => expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done"));
    const postcode = container.querySelector<HTMLInputElement>('input[aria-label="Postcode"]')!;
    expect(postcode.value).toBe("2000");
    expect(container.querySelector<HTMLInputElement>('input[aria-label="Keyword"]')!.value).toBe("");
    expect(document.activeElement).toBe(postcode);
  });

  it("with nativeForms, lets a form's own controls and submission act natively, and still holds other buttons", async () => {
    vi.useFakeTimers();
    function Search() {
      return (
        <>
          <form id="f" action="/search" />
          <input type="checkbox" form="f" name="car_type" value="used" aria-label="Used" />
          <button type="button">Save</button>
        </>
      );
    }
    const Deferred = hydrateLater(async () => Search, "scroll", { nativeForms: true });
    const container = document.createElement("div");
    container.innerHTML =
      '<div style="display:contents" data-hydrate-later="pending"><form id="f" action="/search"></form><input type="checkbox" form="f" name="car_type" value="used" aria-label="Used"/><button type="button">Save</button></div>';
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <Deferred />);
    });
    const onCheckbox = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => container.querySelector("input")!.dispatchEvent(onCheckbox));
    // The checkbox is the GET form's: its click (and the form's submission) is not held for the code.
    expect(onCheckbox.defaultPrevented).toBe(false);
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    container.querySelector("form")!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    document.body.innerHTML = "";
    root?.unmount();
    root = null;

    // A button outside any form has no native action: held as before.
    const Again = hydrateLater(async () => Search, "scroll", { nativeForms: true });
    const second = document.createElement("div");
    second.innerHTML =
      '<div style="display:contents" data-hydrate-later="pending"><form id="f" action="/search"></form><input type="checkbox" form="f" name="car_type" value="used" aria-label="Used"/><button type="button">Save</button></div>';
    document.body.append(second);
    await act(async () => {
      root = hydrateRoot(second, <Again />);
    });
    const onButton = new MouseEvent("click", { bubbles: true, cancelable: true });
    await act(async () => second.querySelector("button")!.dispatchEvent(onButton));
    expect(onButton.defaultPrevented).toBe(true);
  });

  it("carries typed values over to the live component's controlled fields", async () => {
    const Deferred = hydrateLater(async () => Echo, "visible");
    const container = await hydratedPostcodeIsland(Deferred);
    const input = container.querySelector("input")!;
    input.value = "2000"; // typed before the code arrived
    await act(async () => input.dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    await vi.waitFor(() => expect(container.firstElementChild?.getAttribute("data-hydrate-later")).toBe("done"));
    expect(container.querySelector("input")).not.toBe(input);
    expect(container.querySelector("input")?.value).toBe("2000");
    expect(container.querySelector("output")?.textContent).toBe("2000");
  });

  it("keeps a value typed after the code arrived but before the live markup was committed", async () => {
    const code = codeOnHold<typeof Echo>();
    const container = await hydratedPostcodeIsland(hydrateLater(code.load, "visible"));
    const input = container.querySelector("input")!;
    await act(async () => input.dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    await betweenArrivalAndCommit(
      container,
      () => code.arrive(Echo),
      () => {
        input.value = "2150";
        input.dispatchEvent(new Event("input", { bubbles: true }));
      },
    );
    expect(container.querySelector("input")).not.toBe(input);
    expect(container.querySelector("input")?.value).toBe("2150");
    expect(container.querySelector("output")?.textContent).toBe("2150");
  });

  it("gives focus to the field the visitor moved to after the code arrived but before the live markup was committed", async () => {
    function TwoFields() {
      return (
        <>
          <input aria-label="Email" name="email" />
          <input aria-label="Phone" name="phone" />
        </>
      );
    }
    const code = codeOnHold<typeof TwoFields>();
    const Deferred = hydrateLater(code.load, "visible");
    const container = await hydratedIsland('<input aria-label="Email" name="email"/><input aria-label="Phone" name="phone"/>', <Deferred />);
    const [email, phone] = Array.from(container.querySelectorAll("input"));
    await act(async () => email.focus());
    // The visitor moves on to the next field (a click or Tab) before the swap: what they type
    // next belongs there, not in the field they left.
    await betweenArrivalAndCommit(
      container,
      () => code.arrive(TwoFields),
      () => phone.focus(),
    );
    expect(container.querySelector('[name="phone"]')).not.toBe(phone);
    expect(document.activeElement).toBe(container.querySelector('[name="phone"]'));
  });

  it("carries how far a part marked data-keep-scroll was scrolled, before and after the code arrived", async () => {
    function Row() {
      return (
        <div data-keep-scroll="" aria-label="Locations">
          <span>A</span>
        </div>
      );
    }
    const code = codeOnHold<typeof Row>();
    const Deferred = hydrateLater(code.load, "visible");
    const container = await hydratedIsland('<div data-keep-scroll="" aria-label="Locations"><span>A</span></div>', <Deferred />);
    const row = container.querySelector<HTMLElement>("[data-keep-scroll]")!;
    // Swiped natively (a touch opens the gate), then again after the code arrived, before the swap.
    row.scrollLeft = 120;
    await act(async () => row.dispatchEvent(new Event("touchstart", { bubbles: true })));
    await betweenArrivalAndCommit(
      container,
      () => code.arrive(Row),
      () => {
        row.scrollLeft = 300;
        row.dispatchEvent(new Event("scroll"));
      },
    );
    const live = container.querySelector<HTMLElement>("[data-keep-scroll]")!;
    expect(live).not.toBe(row);
    expect(live.scrollLeft).toBe(300);
  });

  it("a failed load is a console warning and the server markup stays", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const Deferred = hydrateLater<{ label: string }>(async () => {
      throw new Error("chunk failed");
    });
    const container = serverRendered();
    await act(async () => {
      root = hydrateRoot(container, <Deferred label="Clicked" />);
    });
    await act(async () => container.querySelector("button")!.dispatchEvent(new Event("pointerdown", { bubbles: true })));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining("chunk failed")));
    expect(container.querySelector("button")?.textContent).toBe("Clicked 0");
  });
});

describe("watchForHydration", () => {
  it("opens once, on the first trigger, and not after clean-up", () => {
    vi.useFakeTimers();
    const el = document.createElement("div");
    el.append(document.createElement("button"));
    document.body.append(el);
    const open = vi.fn();
    watchForHydration(el, "idle", open);
    window.dispatchEvent(new Event("scroll"));
    el.dispatchEvent(new Event("focusin"));
    vi.advanceTimersByTime(5000);
    expect(open).toHaveBeenCalledTimes(1);

    const never = vi.fn();
    const stop = watchForHydration(el, "visible", never);
    stop();
    el.dispatchEvent(new Event("pointerover"));
    vi.advanceTimersByTime(5000);
    expect(never).not.toHaveBeenCalled();
  });
});

describe("watchForHydration, when the visitor got there before the page's code", () => {
  function formIsland(): { island: HTMLElement; name: HTMLInputElement; date: HTMLInputElement } {
    const island = document.createElement("div");
    island.innerHTML = '<form><input name="name" value=""/><input name="date" type="date" value=""/></form>';
    document.body.append(island);
    return { island, name: island.querySelector('[name="name"]')!, date: island.querySelector('[name="date"]')! };
  }

  it("opens at once when one of its fields already has the focus (it will not be focused again)", () => {
    const { island, date } = formIsland();
    date.focus();
    const open = vi.fn();
    watchForHydration(island, "scroll", open);
    expect(open).toHaveBeenCalledTimes(1);
  });

  /** Watching `island` as the server sent it opens nothing; watching it after `change`, it opens at once. */
  function opensOnlyAfter(island: HTMLElement, change: () => void) {
    const untouched = vi.fn();
    watchForHydration(island, "scroll", untouched);
    expect(untouched).not.toHaveBeenCalled();
    change();
    const changed = vi.fn();
    watchForHydration(island, "scroll", changed);
    expect(changed).toHaveBeenCalledTimes(1);
  }

  it("opens at once when a field was typed into and left, and not when nothing was done", () => {
    const { island, name } = formIsland();
    opensOnlyAfter(island, () => (name.value = "Jamie"));
  });

  it("does not count a list showing the option the browser starts it on (none marked selected) as a change", () => {
    const island = document.createElement("div");
    island.innerHTML =
      '<select name="sort"><option value="relevance">Relevance</option><option value="price">Lowest price</option></select>' +
      '<select name="type"><option value="" disabled>Choose</option><option value="new">New</option><option value="used" selected>Used</option></select>';
    document.body.append(island);
    opensOnlyAfter(island, () => (island.querySelector<HTMLSelectElement>('[name="sort"]')!.value = "price"));
  });

  it("does not count a slider the browser fitted to its range (the server sent a value past its end) as a change", () => {
    const island = document.createElement("div");
    island.innerHTML = '<input type="range" name="price" min="0" max="336000" step="1000" value="400000"/>';
    document.body.append(island);
    const slider = island.querySelector("input")!;
    expect(slider.value).not.toBe(slider.defaultValue);
    opensOnlyAfter(island, () => (slider.value = "120000"));
  });

  it("opens a scroll or idle part at once on a page already scrolled (to a #fragment), not a visible one", () => {
    const { island } = formIsland();
    const scrollY = Object.getOwnPropertyDescriptor(window, "scrollY");
    Object.defineProperty(window, "scrollY", { value: 640, configurable: true });
    try {
      const onScroll = vi.fn();
      watchForHydration(island, "scroll", onScroll);
      expect(onScroll).toHaveBeenCalledTimes(1);
      const whenIdle = vi.fn();
      watchForHydration(island, "idle", whenIdle);
      expect(whenIdle).toHaveBeenCalledTimes(1);
      const whenVisible = vi.fn();
      const stop = watchForHydration(island, "visible", whenVisible);
      stop();
      expect(whenVisible).not.toHaveBeenCalled();
    } finally {
      if (scrollY) Object.defineProperty(window, "scrollY", scrollY);
      else delete (window as { scrollY?: number }).scrollY;
    }
  });
});

describe("watchForHydration near the viewport", () => {
  it("watches the neighbours, else the nearest ancestor with a box, when the server rendered nothing inside the wrapper", () => {
    const observed: Element[] = [];
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        observed.push(target);
        this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    try {
      const aside = document.createElement("aside");
      const contents = document.createElement("div");
      contents.style.display = "contents";
      const empty = document.createElement("div");
      empty.style.display = "contents";
      contents.append(empty);
      aside.append(contents);
      document.body.append(aside);
      const open = vi.fn();
      watchForHydration(empty, "visible", open);
      expect(observed).toEqual([aside]);
      expect(open).toHaveBeenCalledTimes(1);

      observed.length = 0;
      const before = document.createElement("section");
      const after = document.createElement("section");
      contents.prepend(before);
      contents.append(after);
      watchForHydration(empty, "visible", vi.fn());
      expect(observed).toEqual([before, after]);
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });
});
