import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import type { SiteContext } from "@/runtime/render/types";
import { blockProps } from "@/tests/helpers/block-props";
import { FacetTiles } from "./FacetTiles";
import { loadFacetTiles } from "./load";

/** A make tile counts its stock in the words of the vehicles behind it (sample stock: npx tsx scripts/stock-setup.ts). */
const store = buildSiteStore();

async function tilesText(slug: string): Promise<string> {
  const manifest = (store.bySlug.get(slug) as { manifest: SiteContext["manifest"] }).manifest;
  const site = { manifest, pattern: "/brands", params: {}, pathname: "/brands", searchParams: {}, origin: "http://x", now: new Date() } as SiteContext;
  const props = blockProps("facet-tiles", { facet: "make", heading: "Shop by make", limit: 40 });
  const data = await loadFacetTiles(props, site);
  const html = renderToStaticMarkup(<FacetTiles props={props} site={site} data={data} dataFailed={false} slots={{}} context={undefined} />);
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("facet tiles on the sample dealers", () => {
  it("TWG counts Yamaha in motorcycles, a truck make in trucks and Toyota in cars", async () => {
    const text = await tilesText("twg-group");
    expect(text).toMatch(/Yamaha \d+ motorcycles/);
    expect(text).toMatch(/Fuso \d+ trucks/);
    expect(text).toMatch(/Toyota \d+ cars/);
    expect(text).not.toMatch(/Yamaha \d+ cars/);
  });
  it("Outback counts Jayco in caravans", async () => {
    expect(await tilesText("outback-caravans")).toMatch(/Jayco \d+ caravans/);
  });
});

describe("make tile pictures", () => {
  const manifest = (store.bySlug.get("harbour-motor-group") as { manifest: SiteContext["manifest"] }).manifest;
  const site = { manifest, pattern: "/brands", params: {}, pathname: "/brands", searchParams: {}, origin: "http://x", now: new Date() } as SiteContext;
  const render = (counts: Record<string, number>) =>
    renderToStaticMarkup(
      <FacetTiles
        props={blockProps("facet-tiles", { facet: "make", heading: "Shop by make" })}
        site={site}
        data={{ counts, kinds: {} }}
        dataFailed={false}
        slots={{}}
        context={undefined}
      />,
    );

  it("Harbour's Hyundai and Kia tiles show the make's picture though its manifest has no brand list", () => {
    const html = render({ Hyundai: 4, Kia: 3 });
    expect(html).toContain('src="/brands/hyundai.svg"');
    expect(html).toContain('src="/brands/kia.svg"');
  });

  it("a make with no picture shows its initials, hidden from screen readers (its name follows)", () => {
    const html = render({ "Alfa Romeo": 2 });
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<span[^>]*aria-hidden="true"[^>]*>AR<\/span>/);
  });
});
