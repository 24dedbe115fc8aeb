/** Test helpers for the vehicle page's blocks: a site, and a block rendered inside a vehicle page's context. */
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import type { DealerManifest } from "@/runtime/generated/types";
import type { BlockDefinition, SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { SAMPLE_PROVIDERS } from "@/runtime/finance";
import type { VehiclePageContext } from "./context";

/** A dealer as the vehicle page's blocks read it (not schema-validated: tests pass full props). */
export const testManifest = {
  slug: "test-dealer",
  name: "Test Motors",
  dealerships: [{ id: 101, slug: "test-dealer", name: "Test Motors" }],
  contact: { phones: { sales: "07 3290 4100" }, email: "sales@test.example" },
  locations: [
    {
      id: 11,
      primary: true,
      name: "Test Motors Springwood",
      slug: "springwood",
      dealership_id: 101,
      address: { street: "1 A St", city: "Springwood", state: "qld", postcode: "4127" },
      contact_detail: { phone: "07 3290 4100", opening_hours: [] },
      time_zone: "Australia/Brisbane",
    },
  ],
  locationPagePath: "/locations",
  maps: {},
  features: { finance: true, reserve: true },
  finance: { defaultProvider: "prime", providers: [SAMPLE_PROVIDERS.prime] },
  wording: {},
};

export function testSite(manifest: Record<string, unknown> = {}, slug = "2021-toyota-rav4-gx-abc123"): SiteContext {
  return {
    manifest: { ...testManifest, ...manifest } as unknown as DealerManifest,
    pattern: "/cars/[slug]",
    params: { slug },
    pathname: `/cars/${slug}`,
    searchParams: {},
    origin: "http://test-dealer.localhost:3000",
    now: new Date(),
  };
}

export const testContext = (car: Car): VehiclePageContext => ({ car, analyticsSink: "dataLayer" });

/**
 * Renders one block's component as the vehicle page would (its car in `context`, or none when
 * `car` is null) and returns the HTML.
 */
export async function renderBlock<P, D>(
  block: BlockDefinition<P, D>,
  opts: { props: NoInfer<P>; car: Car | null; manifest?: Record<string, unknown>; data?: NoInfer<D>; dataFailed?: boolean; slots?: Record<string, ReactNode> },
): Promise<string> {
  const site = testSite(opts.manifest, opts.car?.slug);
  const Component = block.component as (p: unknown) => ReactNode | Promise<ReactNode>;
  const element = await Component({
    props: opts.props,
    data: opts.data,
    dataFailed: opts.dataFailed ?? false,
    site,
    slots: opts.slots ?? {},
    context: opts.car ? testContext(opts.car) : undefined,
  });
  return renderToStaticMarkup(<>{element}</>);
}
