/** Shared fixtures of the form kit's tests (not shipped to the browser by any component). */
import type { DealerManifest } from "@/runtime/generated/types";
import { formConfig, type FormConfig, type PickerOption } from "./config";

export const HOURS = [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
  weekday === 0 ? { weekday, status: "Closed" as const } : { weekday, status: "Open" as const, open: "08:00", close: "17:30" },
);

export function option(id: number, name: string, city: string, extra: Partial<PickerOption> = {}): PickerOption {
  return {
    location_id: id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, "-"),
    city,
    postcode: "4000",
    state: "QLD",
    dealership_id: 100 + id,
    dealership_slug: `d-${id}`,
    dealership_name: `Dealer ${id}`,
    hours: HOURS,
    ...extra,
  };
}

/** A dealer's form settings with the schema's defaults, one sales location and `patch` on top. */
export function testConfig(patch: Partial<FormConfig> = {}): FormConfig {
  const manifest = { name: "Test Motors", forms: {}, dealerships: [], locations: [] } as unknown as DealerManifest;
  return { ...formConfig(manifest), locations: [option(1, "Springwood Motors", "Springwood")], ...patch };
}

/** A fetch double answering POST /api/leads; records calls. */
export function leadsFetch(answers: Array<{ status: number; body: unknown } | "network-error">) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  let i = 0;
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answers[Math.min(i++, answers.length - 1)];
    if (a === "network-error") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return { impl, calls };
}
