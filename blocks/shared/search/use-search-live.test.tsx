// @vitest-environment jsdom
import { act, useEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { InstantSearch, useRefinementList, useInstantSearch } from "react-instantsearch";
import { afterEach, describe, expect, it } from "vitest";
import { useSearchLive } from "./use-search-live";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A search client answering every query with one facet, counting the searches it was asked for. */
function fakeClient() {
  const client = {
    searches: 0,
    search(requests: Array<{ indexName: string; params?: Record<string, unknown> }>) {
      client.searches += 1;
      return Promise.resolve({
        results: requests.map((r) => ({
          index: r.indexName,
          hits: [],
          nbHits: 2,
          page: 0,
          nbPages: 1,
          hitsPerPage: 20,
          processingTimeMS: 1,
          exhaustiveNbHits: true,
          query: "",
          params: "",
          facets: { car_type: { used: 1, new: 1 } },
        })),
      });
    },
  };
  return client;
}

/** What each commit saw: whether the form was live, and whether a refine then reached the search state. */
const commits: Array<{ live: boolean }> = [];
const seen: { refine: ((value: string) => void) | null; refined: () => string[] } = { refine: null, refined: () => [] };

function Probe() {
  const live = useSearchLive();
  const { refine } = useRefinementList({ attribute: "car_type" });
  const { indexUiState } = useInstantSearch();
  // Reported after each commit, as a click on the committed form would see it.
  useEffect(() => {
    commits.push({ live });
    // The refine of the first commit that says live: the one a click on the live form would call.
    if (live && !seen.refine) seen.refine = refine;
    seen.refined = () => indexUiState.refinementList?.car_type ?? [];
  });
  return <form data-live={live ? "true" : "false"} />;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  commits.length = 0;
  seen.refine = null;
  document.body.innerHTML = "";
});

/** A fresh mount, as when the search page's static island goes live. */
function mountProbe(): HTMLElement {
  const container = document.body.appendChild(document.createElement("div"));
  root = createRoot(container);
  act(() =>
    root!.render(
      <InstantSearch indexName="cars" searchClient={fakeClient() as never}>
        <Probe />
      </InstantSearch>,
    ),
  );
  return container;
}

const settle = () => act(async () => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe("useSearchLive", () => {
  it("is false in the first commit of a fresh mount (connectors still hold a throwaway helper), then true once InstantSearch has rendered", async () => {
    const container = mountProbe();
    expect(commits[0]?.live).toBe(false);
    await settle();
    await settle();
    expect(container.querySelector("form")?.getAttribute("data-live")).toBe("true");
  });

  it("once live, a refine reaches the search state (the click the pre-hydration script no longer takes is not lost)", async () => {
    mountProbe();
    await settle();
    await settle();
    expect(seen.refine).not.toBeNull();
    act(() => seen.refine!("used"));
    await settle();
    expect(seen.refined()).toEqual(["used"]);
  });
});
