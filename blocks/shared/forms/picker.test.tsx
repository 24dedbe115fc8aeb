// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { FormProvider, useForm } from "react-hook-form";
import { MESSAGES } from "@/runtime/leads/messages";
import { DealershipPicker, matchOptions, optionsFromWebsites, pickerStatus, postcodeOf } from "./DealershipPicker";
import type { PickerOption } from "./config";
import { option } from "./test-helpers";

const OPTIONS = [
  option(1, "Harbour Toyota Parramatta", "Parramatta"),
  option(2, "Harbour Mazda Artarmon", "Artarmon"),
  option(3, "Harbour Kia Penrith", "Penrith"),
];

function Harness(props: { options: PickerOption[]; fetchImpl?: typeof fetch }) {
  const methods = useForm({ defaultValues: { location_id: "" } });
  return (
    <FormProvider {...methods}>
      <DealershipPicker {...props} />
      <output data-testid="value">{methods.watch("location_id")}</output>
    </FormProvider>
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("DealershipPicker", () => {
  it("matches by city, name or postcode", () => {
    expect(matchOptions(OPTIONS, "artar").map((o) => o.location_id)).toEqual([2]);
    expect(matchOptions(OPTIONS, "harbour").length).toBe(3);
    expect(matchOptions(OPTIONS, "")).toEqual([]);
  });

  it("selects the single remaining location automatically", async () => {
    render(<Harness options={OPTIONS} />);
    fireEvent.change(screen.getByLabelText("Find by postcode, city or dealership name"), { target: { value: "Penrith" } });
    await waitFor(() => expect(screen.getByTestId("value").textContent).toBe("3"));
    expect(screen.getByRole("button", { name: /Harbour Kia Penrith/ }).getAttribute("aria-pressed")).toBe("true");
  });

  it("a postcode lists nearby dealerships by distance within the radius", async () => {
    const calls: string[] = [];
    const fetchImpl = (async (url: string) => {
      calls.push(url);
      return new Response(
        JSON.stringify({
          websites: [
            {
              dealership: { id: 101, slug: "d-1", name: "D" },
              locations: [
                {
                  id: 1,
                  name: "Harbour Toyota Parramatta",
                  slug: "p",
                  dealership_id: 101,
                  address: { city: "Parramatta", postcode: "2150", state: "nsw" },
                  distance_km: 3.2,
                },
                {
                  id: 3,
                  name: "Harbour Kia Penrith",
                  slug: "k",
                  dealership_id: 103,
                  address: { city: "Penrith", postcode: "2750", state: "nsw" },
                  distance_km: 30.1,
                },
              ],
            },
          ],
        }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    render(<Harness options={OPTIONS} fetchImpl={fetchImpl} />);
    fireEvent.change(screen.getByLabelText("Find by postcode, city or dealership name"), { target: { value: "2150" } });
    await screen.findByText("2 dealerships within 50 km");
    expect(calls[0]).toContain("postcode=2150");
    expect(calls[0]).toContain("radius=50");
    expect(screen.getByRole("button", { name: /Parramatta.*3\.2 km/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Distance"), { target: { value: "250" } });
    await waitFor(() => expect(calls.some((c) => c.includes("radius=250"))).toBe(true));
    expect([...(screen.getByLabelText("Distance") as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      "25",
      "50",
      "75",
      "100",
      "150",
      "250",
      "500",
      "750",
      "1000",
    ]);
  });

  it("renders nothing when the dealer has no locations", () => {
    const { container } = render(<Harness options={[]} />);
    expect(container.querySelector("select")).toBeNull();
  });

  it("a failed postcode lookup logs 'Failed to fetch locations' and keeps the list to choose from", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetchImpl = (async () => {
      throw new TypeError("down");
    }) as unknown as typeof fetch;
    render(<Harness options={OPTIONS} fetchImpl={fetchImpl} />);
    fireEvent.change(screen.getByLabelText("Find by postcode, city or dealership name"), { target: { value: "2150" } });
    await waitFor(() => expect(error).toHaveBeenCalledWith(MESSAGES.failedToFetchLocations));
    await screen.findByText("Nearby dealerships could not be loaded. Please choose from the list.");
    expect(screen.getByLabelText("Choose a dealership")).toBeTruthy();
  });

  it("one location is chosen without asking", async () => {
    render(<Harness options={[OPTIONS[0]]} />);
    await waitFor(() => expect(screen.getByTestId("value").textContent).toBe("1"));
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("optionsFromWebsites flattens and sorts by distance", () => {
    const out = optionsFromWebsites([
      {
        dealership: { id: 1, slug: "a", name: "A" },
        locations: [
          { id: 9, name: "Far", slug: "f", dealership_id: 1, address: { city: "F", postcode: "1", state: "qld" }, distance_km: 9 },
          { id: 8, name: "Near", slug: "n", dealership_id: 1, address: { city: "N", postcode: "2", state: "qld" }, distance_km: 1 },
        ],
      },
    ]);
    expect(out.map((o) => o.name)).toEqual(["Near", "Far"]);
    expect(out[0].dealership_slug).toBe("a");
  });
});

describe("the picker's finder", () => {
  it("takes four digits as a postcode, and anything else as a name", () => {
    expect(postcodeOf(" 2150 ")).toBe("2150");
    expect(postcodeOf("215")).toBeNull();
    expect(postcodeOf("Penrith")).toBeNull();
  });
  it("says the lookup's progress and result, or how many names match", () => {
    expect(pickerStatus("2150", "2150", "loading", 0, 50)).toBe("Looking for dealerships near that postcode…");
    expect(pickerStatus("2150", "2150", "invalid", 0, 50)).toBe(MESSAGES.postcodeNotFound);
    expect(pickerStatus("2150", "2150", "failed", 0, 50)).toBe("Nearby dealerships could not be loaded. Please choose from the list.");
    expect(pickerStatus("2150", "2150", "idle", 1, 75)).toBe("1 dealership within 75 km");
    expect(pickerStatus("2150", "2150", "idle", 3, 50)).toBe("3 dealerships within 50 km");
    expect(pickerStatus("pen", null, "idle", 1, 50)).toBe("1 dealership matches");
    expect(pickerStatus("harbour", null, "idle", 3, 50)).toBe("3 dealerships match");
    expect(pickerStatus("  ", null, "idle", 0, 50)).toBe("");
  });
});
