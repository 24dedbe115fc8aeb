// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";

// The library stands in: a loaded script, a map that shows its options, markers as buttons.
const loader = vi.hoisted(() => ({ isLoaded: true, loadError: undefined as Error | undefined, calls: [] as unknown[] }));
vi.mock("@react-google-maps/api", () => ({
  useJsApiLoader: (opts: unknown) => {
    loader.calls.push(opts);
    return { isLoaded: loader.isLoaded, loadError: loader.loadError };
  },
  GoogleMap: ({ children, zoom, options }: { children: ReactNode; zoom: number; options: { maxZoom: number } }) => (
    <div data-testid="map" data-zoom={zoom} data-max-zoom={options.maxZoom}>
      {children}
    </div>
  ),
  MarkerF: ({ title, onClick }: { title: string; onClick: () => void }) => (
    <button type="button" onClick={onClick}>
      {title}
    </button>
  ),
  InfoWindowF: ({ children }: { children: ReactNode }) => <div role="dialog">{children}</div>,
}));

import { GoogleMapCanvas } from "./GoogleMapCanvas";

const marker = (id: number, name: string) => ({
  id,
  name,
  lat: -27.6,
  lng: 153.1,
  address: "1 A St, Springwood QLD 4127",
  phone: "07 3209 4100",
  directionsUrl: "https://maps.example/d",
  href: `/locations/${id}`,
});

afterEach(() => {
  cleanup();
  loader.isLoaded = true;
  loader.loadError = undefined;
  loader.calls = [];
});

describe("GoogleMapCanvas", () => {
  it("loads the script with the key, caps the zoom at 15, shows a marker per location and an info window on click", () => {
    render(<GoogleMapCanvas apiKey="k-123" markers={[marker(1, "Springwood"), marker(2, "Capalaba")]} label="Map" className="m" />);
    expect(loader.calls[0]).toMatchObject({ googleMapsApiKey: "k-123" });
    expect(screen.getByTestId("map").dataset.maxZoom).toBe("15");
    expect(screen.getByTestId("map").dataset.zoom).toBe("15");
    fireEvent.click(screen.getByRole("button", { name: "Capalaba" }));
    const info = screen.getByRole("dialog");
    expect(info.textContent).toContain("Capalaba");
    expect(info.querySelector('a[href="tel:0732094100"]')).not.toBeNull();
    expect(info.querySelector('a[href="/locations/2"]')?.textContent).toBe("View Location");
  });

  it("renders nothing while loading or when the script fails (never a broken map)", () => {
    loader.isLoaded = false;
    const { container, rerender } = render(<GoogleMapCanvas apiKey="k" markers={[marker(1, "A")]} label="Map" className="m" />);
    expect(container.innerHTML).toBe("");
    loader.isLoaded = true;
    loader.loadError = new Error("blocked");
    rerender(<GoogleMapCanvas apiKey="k" markers={[marker(1, "A")]} label="Map" className="m" />);
    expect(container.innerHTML).toBe("");
  });
});
