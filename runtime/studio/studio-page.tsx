import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ReactNode } from "react";
import Link from "next/link";
import { parse } from "jsonc-parser";
import { blockTraits } from "../generated/block-traits";
import { getSiteStore } from "../manifest/store";
import { allStockCars } from "../manifest/stock-facts";
import { stockDir } from "../stock/store";
import { carBySlug } from "../inventory/cars";
import { previewOrigin } from "../manifest/preview";
import { fieldsOf, newBlockProps, type Field } from "./form";
import { dealerFile, readText, studioDraftName, writeStudioDraft } from "./working-copy";
import { StudioEditor, type StudioBlockType } from "./client/StudioEditor";

type Json = Record<string, unknown>;

let typesCache: StudioBlockType[] | null = null;
let themeCache: Field[] | null = null;

function composedDefs(): Record<string, Json> {
  const composed = JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), "schemas", "manifest.schema.json"), "utf8")) as Json;
  return (composed.$defs ?? {}) as Record<string, Json>;
}

/** The theme's form (colours, fonts, logo…), from the composed schema. */
function themeFields(): Field[] {
  if (!themeCache) {
    const defs = composedDefs();
    themeCache = fieldsOf(defs.theme, defs);
  }
  return themeCache;
}

/** Every block a page may hold, with its form fields and the props a new one starts with, from the composed schema. */
function studioBlockTypes(): StudioBlockType[] {
  if (typesCache) return typesCache;
  const defs = composedDefs();
  typesCache = Object.keys(defs)
    .filter((k) => k.startsWith("block-"))
    .sort()
    .map((k) => {
      const type = k.slice("block-".length);
      const schema = defs[k];
      const within = ([] as string[]).concat((blockTraits as Record<string, { within?: string | readonly string[] }>)[type]?.within ?? []);
      return {
        type,
        title: String(schema.title ?? type).replace(/Props$/, ""),
        description: String(schema.description ?? ""),
        within,
        fields: fieldsOf(schema, defs),
        newProps: newBlockProps(schema),
      };
    });
  return typesCache;
}

export function StudioIndex(): ReactNode {
  const sites = getSiteStore().sites;
  return (
    <main id="main" className="studio-index">
      <p>
        <Link href="/">All sites</Link> · <Link href="/blocks">Blocks</Link>
      </p>
      <h1>Studio</h1>
      <p>Choose a dealer to edit its pages. Every change is checked as you make it; nothing is written until you review and save.</p>
      <ul>
        {sites.map((s) => (
          <li key={s.slug}>
            <a href={`/studio/${s.slug}`}>{s.slug}</a>
            {s.status === "invalid" ? " (has errors: fix the file first)" : ""}
          </li>
        ))}
      </ul>
    </main>
  );
}

/**
 * Addresses to preview for pages whose pattern takes a value: the vehicle page shows one of the
 * dealer's cars (the first unsold, visible one in the stock folder). Other patterns have no preview yet.
 */
async function previewPaths(slug: string): Promise<Record<string, string>> {
  const site = getSiteStore().bySlug.get(slug);
  if (!site || site.status !== "ok") return {};
  const ids = new Set(site.manifest.dealerships.map((d) => d.id));
  const candidates = (allStockCars(stockDir(process.cwd())) ?? []).filter((c) => ids.has(Number(c.dealership_id)) && c.status === "in_stock").slice(0, 5);
  // The site's own lookup (its base filter) decides, so the preview never shows a car the site would 404.
  for (const c of candidates) if (await carBySlug(site.manifest, c.slug)) return { "/cars/[slug]": `/cars/${c.slug}` };
  return {};
}

/** /studio/{dealer}: the dealer's routes, the chosen page's block tree, the block's form and the preview; null for an unknown dealer. */
export async function StudioPage({ slug, host, route }: { slug: string; host: string; route?: string }): Promise<ReactNode> {
  const file = dealerFile(slug);
  if (!file) return null;
  const baseText = readText(file);
  const value = parse(baseText) as Json;
  // The preview frame shows the working copy (a draft on its own preview host): start it from the file as it is.
  writeStudioDraft(slug, baseText);
  const port = host.match(/:(\d+)$/)?.[1] ?? "";
  const routes = Object.keys((value.routes as Json | undefined) ?? {});
  return (
    <StudioEditor
      slug={slug}
      fileName={path.basename(file)}
      baseText={baseText}
      initialValue={value}
      initialRoute={route && routes.includes(route) ? route : (routes[0] ?? "/")}
      blockTypes={studioBlockTypes()}
      themeFields={themeFields()}
      previewPaths={await previewPaths(slug)}
      previewOrigin={previewOrigin(studioDraftName(slug), port)}
    />
  );
}
