import { describe, expect, it } from "vitest";
import { notFound, redirect } from "next/navigation";
import { newOutcomeGate, notFoundShown, trackPage } from "./page-outcome";

describe("a page that is not found answers with its 404 as content (never Next's empty error document)", () => {
  it("turns a notFound() from the page into the page's not-found answer", async () => {
    const gate = newOutcomeGate();
    expect(
      await trackPage(
        async () => notFound(),
        () => "the dealer's 404",
        gate,
      ),
    ).toBe("the dealer's 404");
    expect(
      await trackPage(
        async () => "page",
        () => "the dealer's 404",
        newOutcomeGate(),
      ),
    ).toBe("page");
  });

  it("lets redirects and other failures through", async () => {
    await expect(
      trackPage(
        async () => redirect("/elsewhere"),
        () => "404",
        newOutcomeGate(),
      ),
    ).rejects.toThrow("NEXT_REDIRECT");
    await expect(
      trackPage(
        async () => Promise.reject(new Error("broken")),
        () => "404",
        newOutcomeGate(),
      ),
    ).rejects.toThrow("broken");
  });

  it("draws the layout's 404 element in full only when no page tracked itself (Next's own 404 route)", async () => {
    expect(await notFoundShown(newOutcomeGate())).toBe(true);
    const gate = newOutcomeGate();
    void trackPage(
      () => new Promise(() => undefined),
      () => "404",
      gate,
    );
    // Said before the page's first await, so the layout's element of the same render sees it.
    expect(gate.started).toBe(true);
    expect(await notFoundShown(gate)).toBe(false);
  });
});
