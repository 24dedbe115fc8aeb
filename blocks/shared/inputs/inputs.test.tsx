// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { useState } from "react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { KilometreInput, NumberInput, PriceInput, RangeWithInput } from "./index";
import { pickColumns } from "./AmountInput";

afterEach(cleanup);

function Controlled({ kind, initial = 30000, onValue }: { kind: "price" | "kms"; initial?: number | null; onValue?: (v: number | null) => void }) {
  const [v, setV] = useState<number | null>(initial);
  const Input = kind === "price" ? PriceInput : KilometreInput;
  return (
    <Input
      id="x"
      label={kind === "price" ? "Price" : "Odometer"}
      value={v}
      step={500}
      min={0}
      max={100000}
      quickPicks={[5000, 10000]}
      onChange={(n) => {
        setV(n);
        onValue?.(n);
      }}
    />
  );
}

describe("PriceInput", () => {
  it("shows the value with a thousands separator and a $ prefix hidden from screen readers", () => {
    const { container } = render(<Controlled kind="price" />);
    const input = screen.getByLabelText("Price") as HTMLInputElement;
    expect(input.value).toBe("30,000");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe("$");
  });

  it("passes typed values through as numbers, formatting when the field is left", () => {
    const seen: Array<number | null> = [];
    render(<Controlled kind="price" onValue={(v) => seen.push(v)} />);
    const input = screen.getByLabelText("Price") as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "45000" } });
    expect(input.value).toBe("45000");
    fireEvent.blur(input);
    expect(input.value).toBe("45,000");
    fireEvent.change(input, { target: { value: "" } });
    expect(seen).toEqual([45000, null]);
  });

  it("steps with the arrow keys and PageUp/PageDown, within min and max", () => {
    render(<Controlled kind="price" initial={99500} />);
    const input = screen.getByLabelText("Price") as HTMLInputElement;
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.value).toBe("100,000");
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(input.value).toBe("100,000");
    fireEvent.keyDown(input, { key: "PageDown" });
    expect(input.value).toBe("95,000");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.value).toBe("94,500");
  });

  it("offers quick picks as labelled buttons, marking the current one", () => {
    render(<Controlled kind="price" initial={5000} />);
    const group = screen.getByRole("group", { name: "Quick price picks" });
    const five = screen.getByRole("button", { name: "$5,000" });
    expect(group.contains(five)).toBe(true);
    expect(five.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "$10,000" }));
    expect((screen.getByLabelText("Price") as HTMLInputElement).value).toBe("10,000");
    expect(five.getAttribute("aria-pressed")).toBe("false");
  });

  it("lays the quick picks out in columns as wide as the longest label's characters, so a font swap cannot rewrap them", () => {
    render(<Controlled kind="price" initial={5000} />);
    const group = screen.getByRole("group", { name: "Quick price picks" });
    // "$10,000" is the longer label: six characters and a comma.
    expect(group.style.getPropertyValue("--pick-width")).toBe("5.02rem");
    expect(pickColumns(["50,000 kms", "5,000 kms"])).toEqual({ "--pick-width": "6.73rem" });
  });

  it("ties an error to the input", () => {
    render(<PriceInput id="p" label="Price" value={500} onChange={() => {}} error="Cannot be less than 1000 or more than 100000" />);
    const input = screen.getByLabelText("Price");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(input.getAttribute("aria-describedby")!.split(" ").pop()!);
    expect(error?.textContent).toBe("Cannot be less than 1000 or more than 100000");
  });
});

describe("KilometreInput", () => {
  it("shows thousands separators, a kms suffix and kms quick picks", () => {
    const { container } = render(<Controlled kind="kms" initial={12500} />);
    expect((screen.getByLabelText("Odometer") as HTMLInputElement).value).toBe("12,500");
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe("kms");
    fireEvent.click(screen.getByRole("button", { name: "10,000 kms" }));
    expect((screen.getByLabelText("Odometer") as HTMLInputElement).value).toBe("10,000");
  });
});

describe("NumberInput", () => {
  function Term({ onValue }: { onValue?: (v: number) => void }) {
    const [v, setV] = useState(5);
    return (
      <NumberInput
        id="t"
        label="Loan term"
        unit="years"
        value={v}
        min={1}
        max={7}
        step={0.5}
        valueText={(n) => `${n} years`}
        onChange={(n) => {
          setV(n);
          onValue?.(n);
        }}
      />
    );
  }

  it("is a labelled spinbutton with its limits and value text", () => {
    render(<Term />);
    const input = screen.getByRole("spinbutton", { name: "Loan term" });
    expect(input.getAttribute("aria-valuemin")).toBe("1");
    expect(input.getAttribute("aria-valuemax")).toBe("7");
    expect(input.getAttribute("aria-valuenow")).toBe("5");
    expect(input.getAttribute("aria-valuetext")).toBe("5 years");
  });

  it("steps with − / + buttons of at least 24px targets and marks them at the limits", () => {
    render(<Term />);
    const plus = screen.getByRole("button", { name: "Increase Loan term" });
    const minus = screen.getByRole("button", { name: "Decrease Loan term" });
    fireEvent.click(plus);
    expect(screen.getByRole("spinbutton").getAttribute("aria-valuenow")).toBe("5.5");
    for (let i = 0; i < 5; i++) fireEvent.click(plus);
    expect(screen.getByRole("spinbutton").getAttribute("aria-valuenow")).toBe("7");
    expect(plus.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(minus);
    expect(screen.getByRole("spinbutton").getAttribute("aria-valuenow")).toBe("6.5");
  });

  it("handles ArrowUp/Down, PageUp/Down, Home and End", () => {
    render(<Term />);
    const input = screen.getByRole("spinbutton");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-valuenow")).toBe("4.5");
    fireEvent.keyDown(input, { key: "End" });
    expect(input.getAttribute("aria-valuenow")).toBe("7");
    fireEvent.keyDown(input, { key: "Home" });
    expect(input.getAttribute("aria-valuenow")).toBe("1");
    fireEvent.keyDown(input, { key: "PageUp" });
    expect(input.getAttribute("aria-valuenow")).toBe("6");
  });

  it("applies typed values in range at once and clamps others when the field is left", () => {
    const seen: number[] = [];
    render(<Term onValue={(v) => seen.push(v)} />);
    const input = screen.getByRole("spinbutton") as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "0" } });
    expect(seen).toEqual([]); // not clamped while typing "0.5"...
    fireEvent.change(input, { target: { value: "3" } });
    expect(seen).toEqual([3]);
    fireEvent.change(input, { target: { value: "12" } });
    fireEvent.blur(input);
    expect(seen).toEqual([3, 7]);
    expect(input.value).toBe("7");
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "abc" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input.value).toBe("7");
  });
});

describe("RangeWithInput", () => {
  it("pairs a named slider with the typed input; both change the value", () => {
    const onChange = vi.fn();
    render(
      <RangeWithInput
        kind="number"
        id="r"
        label="Interest rate"
        value={10}
        min={0.5}
        max={15}
        step={0.5}
        unit="%"
        onChange={onChange}
        valueText={(v) => `${v}% p.a.`}
      />,
    );
    const slider = screen.getByRole("slider", { name: "Interest rate slider" }) as HTMLInputElement;
    expect(slider.min).toBe("0.5");
    expect(slider.max).toBe("15");
    expect(slider.getAttribute("aria-valuetext")).toBe("10% p.a.");
    fireEvent.change(slider, { target: { value: "12" } });
    expect(onChange).toHaveBeenLastCalledWith(12);
    fireEvent.keyDown(screen.getByRole("spinbutton", { name: "Interest rate" }), { key: "ArrowUp" });
    expect(onChange).toHaveBeenLastCalledWith(10.5);
  });

  it("keeps the slider's min 1 below its max, and shows an out-of-range price at the nearest end", () => {
    render(
      <RangeWithInput
        kind="price"
        id="p"
        label="Price"
        value={500}
        min={5000}
        max={5000}
        step={500}
        onChange={() => {}}
        error="Cannot be less than 5000 or more than 5000"
      />,
    );
    const slider = screen.getByRole("slider", { name: "Price slider" }) as HTMLInputElement;
    expect(slider.min).toBe("4999");
    expect(slider.value).toBe("4999");
    expect(slider.getAttribute("aria-valuetext")).toBe("$4,999");
    expect(screen.getByText("Cannot be less than 5000 or more than 5000")).toBeTruthy();
  });
});
