import { describe, expect, it } from "vitest";
import { searchSettingsDefaults } from "@/runtime/generated/defaults";
import { STOCK_SORT_REPLICAS, replicaIndexName } from "@/runtime/search/index-settings";
import { SORT_KEYS, sortOptions } from "./sort-options";
import { stateToUiState, uiStateToState } from "./ui-state";
import { emptyState } from "./url-state";

describe("sort options", () => {
  it("are most relevant, latest, highest price and lowest price via replicas", () => {
    expect(sortOptions("Car_production", searchSettingsDefaults.sortOptions)).toEqual([
      { key: "relevance", label: "Most relevant", value: "Car_production" },
      { key: "latest", label: "Latest", value: "Car_production:created_at_timestamp:desc" },
      { key: "price-desc", label: "Highest price", value: "Car_production:price:desc" },
      { key: "price-asc", label: "Lowest price", value: "Car_production:price:asc" },
    ]);
    expect(sortOptions("Car_production", ["price-asc", "bogus"]).map((o) => o.key)).toEqual(["relevance", "price-asc"]);
  });
  it("query exactly the replicas the stock index configures (the embedded engine and Algolia alike)", () => {
    const replicas = sortOptions("I", SORT_KEYS)
      .slice(1)
      .map((o) => o.value);
    expect(replicas.sort()).toEqual(STOCK_SORT_REPLICAS.map((r) => replicaIndexName("I", r)).sort());
  });
});

describe("UI state mapping", () => {
  it("round-trips a search state", () => {
    const s = { ...emptyState(), query: "x", refinements: { make: ["Toyota"] }, ranges: { price: { min: 1000 } }, page: 2, sortBy: "Car_production:price:asc" };
    const ui = stateToUiState(s, "Car_production");
    expect(ui).toEqual({ query: "x", refinementList: { make: ["Toyota"] }, range: { price: "1000:" }, page: 2, sortBy: "Car_production:price:asc" });
    expect(uiStateToState(ui, "Car_production")).toEqual(s);
    expect(uiStateToState({ sortBy: "Car_production", page: 1 }, "Car_production")).toEqual(emptyState());
  });
});
