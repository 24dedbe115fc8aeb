// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fresh toast store (one per page) and the share bar using it. */
async function fresh() {
  vi.resetModules();
  const { showToast } = await import("@/blocks/shared/toast/toast-store");
  const { ToastHost } = await import("@/blocks/shared/toast/ToastHost");
  const { ShareBar } = await import("./ShareBar");
  return { showToast, ToastHost, ShareBar };
}

describe("the share bar's copy link", () => {
  it("copies the page's address and says Copied in the one toast for 3 seconds, replacing another toast", async () => {
    const { showToast, ToastHost, ShareBar } = await fresh();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(
      <>
        <ToastHost owner="watchlist" testId="watchlist-toast" />
        <ShareBar links={[]} url="https://example.com.au/cars/x" />
      </>,
    );
    act(() => showToast("watchlist", "Car Saved In Watchlist"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy link" })));
    expect(writeText).toHaveBeenCalledWith("https://example.com.au/cars/x");
    expect(screen.queryByTestId("watchlist-toast")).toBeNull();
    expect(screen.getByTestId("share-toast").textContent).toContain("Copied");
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.queryByTestId("share-toast")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
