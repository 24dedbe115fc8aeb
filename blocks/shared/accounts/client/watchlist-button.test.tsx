// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Me = { signedIn: boolean; phone: string | null; watchlist: string[] };

/** A fresh module graph (the account and toast stores are per page) with the server answering `me` and then `answers`. */
async function setup(me: Me, answers: { status: number; body: unknown }[] = []) {
  vi.resetModules();
  const calls: { url: string; body?: string }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body as string | undefined });
      if (url === "/api/account/me") return new Response(JSON.stringify(me), { status: 200 });
      const a = answers.shift()!;
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  const { WatchlistButton } = await import("./WatchlistButton");
  return { WatchlistButton, calls };
}

describe("WatchlistButton", () => {
  beforeEach(() => vi.spyOn(window, "alert").mockImplementation(() => undefined));

  it("hides the button of a sold car that is not saved, and keeps it for one already saved", async () => {
    const { WatchlistButton } = await setup({ signedIn: true, phone: "0412345678", watchlist: ["7"] });
    render(
      <>
        <WatchlistButton carId={6} sold label="Save" savedLabel="Saved" />
        <WatchlistButton carId={7} sold label="Save" savedLabel="Saved" />
      </>,
    );
    await waitFor(() => expect(screen.getByRole("button", { name: "Saved" })).toHaveProperty("dataset.ready", "true"));
    expect(screen.getAllByRole("button")).toHaveLength(1);
  });

  it("saves at once, calls the server with the profile's phone, then shows one toast with View List", async () => {
    const { WatchlistButton, calls } = await setup({ signedIn: true, phone: "0412345678", watchlist: [] }, [
      { status: 200, body: { success: true } },
      { status: 200, body: { success: true } },
    ]);
    render(<WatchlistButton carId={5} sold={false} label="Save" savedLabel="Saved" />);
    const button = await screen.findByRole("button", { name: "Save" });
    await waitFor(() => expect(button.dataset.ready).toBe("true"));
    await act(async () => fireEvent.click(button));
    expect(JSON.parse(calls.at(-1)!.body!)).toEqual({ phone_number: "0412345678", car_id: 5 });
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByRole("status")).toHaveProperty("textContent", expect.stringContaining("Car Saved In Watchlist"));
    expect(screen.getByRole("link", { name: "View List" }).getAttribute("href")).toBe("/watchlist");
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Car Removed"));
    expect(screen.getAllByRole("status")).toHaveLength(1);
    expect(calls.at(-1)!.url).toBe("/api/watchlist/remove-car");
  });

  it("sends the save analytics event to the dealer's sink after the server saved or removed, never on a failure", async () => {
    const { WatchlistButton } = await setup({ signedIn: true, phone: "0412345678", watchlist: [] }, [
      { status: 200, body: { success: true } },
      { status: 409, body: { success: false, message: "This car has been sold." } },
    ]);
    const layer: unknown[] = [];
    (window as unknown as { shopLayer: unknown[] }).shopLayer = layer;
    render(<WatchlistButton carId={5} sold={false} label="Save" savedLabel="Saved" sink="shopLayer" />);
    const button = await screen.findByRole("button", { name: "Save" });
    await waitFor(() => expect(button.dataset.ready).toBe("true"));
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(layer).toEqual([{ event: "save_car", car_id: 5, saved: true }]));
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(window.alert).toHaveBeenCalled());
    expect(layer).toHaveLength(1);
  });

  it("on a failed call undoes the change, alerts the message and shows no toast", async () => {
    const { WatchlistButton } = await setup({ signedIn: true, phone: "0412345678", watchlist: [] }, [
      { status: 409, body: { success: false, message: "This car has been sold." } },
    ]);
    render(<WatchlistButton carId={5} sold={false} label="Save" savedLabel="Saved" />);
    const button = await screen.findByRole("button", { name: "Save" });
    await waitFor(() => expect(button.dataset.ready).toBe("true"));
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith("This car has been sold."));
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(screen.queryByRole("status")).toBeNull();
  });
});
