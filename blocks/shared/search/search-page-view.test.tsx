// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { SearchPageView } from "./SearchPageView";

describe("search page view event", () => {
  it("sends event 49 once when a search page is shown", async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const w = window as unknown as { dataLayer?: unknown[] };
    w.dataLayer = [];
    window.history.replaceState(null, "", "/search/used-cars");
    const root = createRoot(document.createElement("div"));
    await act(async () => root.render(<SearchPageView />));
    await act(async () => root.render(<SearchPageView />));
    expect(w.dataLayer).toEqual([{ page_path: "/search/used-cars", event: "search_page_view", event_id: 49 }]);
    root.unmount();
  });
});
