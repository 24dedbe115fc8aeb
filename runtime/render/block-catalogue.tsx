import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ReactNode } from "react";
import { Link } from "@/runtime/ui/link";
import { blockTraits } from "../generated/block-traits";
import type { BlockNode, DealerManifest } from "../generated/types";
import { validateManifest } from "../manifest/manifest-validator";
import { blockDocs, type BlockDoc } from "../catalogue/block-docs";
import { getSiteStore } from "../manifest/store";
import { themeStyleSheet } from "../theme";
import { placeBlocks, runLoaders } from "./loaders";
import { renderBlocks } from "./render-blocks";
import type { BlockRegistry, SiteContext } from "./types";

/**
 * The block catalogue on the directory host: /blocks lists every block; /blocks/{type} renders the
 * block from its schema's example, in a sample dealer's theme and data, beside its props table.
 * Everything comes from the composed schema (the same source as docs/blocks.md).
 */
let docsCache: BlockDoc[] | null = null;
export function catalogueDocs(): BlockDoc[] {
  docsCache ??= blockDocs(
    JSON.parse(readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), "schemas", "manifest.schema.json"), "utf8")),
    blockTraits as Record<string, { within?: string | readonly string[] }>,
  );
  return docsCache;
}

/** The dealer whose theme, stock and locations the examples use: Sunshine Chery when it is served, else the first valid dealer. */
function sampleManifest(): DealerManifest | null {
  const sites = getSiteStore().sites;
  const ok = sites.filter((s) => s.status === "ok");
  const pick = ok.find((s) => s.slug === "sunshine-chery") ?? ok[0];
  return pick && pick.status === "ok" ? pick.manifest : null;
}

export function BlockCatalogueIndex(): ReactNode {
  const docs = catalogueDocs();
  return (
    <main id="main" className="directory catalogue">
      <p>
        <Link href="/">All sites</Link>
      </p>
      <h1>Blocks</h1>
      <p>
        Every block a manifest can place. Each page shows the block drawn from its example and every prop with its type, default and meaning. The same tables
        are in docs/blocks.md.
      </p>
      <ul>
        {docs.map((d) => (
          <li key={d.type} data-block={d.type}>
            <Link href={`/blocks/${d.type}`}>{d.type}</Link>: {d.description}
          </li>
        ))}
      </ul>
    </main>
  );
}

export async function BlockCataloguePage({ registry, type, origin }: { registry: BlockRegistry; type: string; origin: string }): Promise<ReactNode> {
  const doc = catalogueDocs().find((d) => d.type === type);
  if (!doc) return null;
  const sample = sampleManifest();
  return (
    <main id="main" className="catalogue">
      {sample ? <style>{themeStyleSheet(sample.theme)}</style> : null}
      <style>{CATALOGUE_CSS}</style>
      <p>
        <Link href="/blocks">All blocks</Link>
      </p>
      <h1>
        Block <code>{doc.type}</code>
      </h1>
      <p>{doc.description}</p>
      {doc.within.length ? <p>Only inside: {doc.within.join(", ")}; shown on those pages, not here.</p> : null}
      <div className="catalogue-grid">
        <section aria-labelledby="example-heading" className="catalogue-example">
          <h2 id="example-heading">Example</h2>
          {sample && doc.within.length === 0 ? await renderExample(registry, doc, sample, origin) : <p>No example here.</p>}
          <details>
            <summary>The example as written in a manifest</summary>
            <pre>{JSON.stringify({ type: doc.type, props: doc.example }, null, 2)}</pre>
          </details>
        </section>
        <section aria-labelledby="props-heading">
          <h2 id="props-heading">Props</h2>
          {doc.rows.length === 0 ? (
            <p>No props.</p>
          ) : (
            <div className="catalogue-table" tabIndex={0} role="region" aria-label={`Props of ${doc.type}`}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Prop</th>
                    <th scope="col">Type</th>
                    <th scope="col">Default</th>
                    <th scope="col">What it changes</th>
                  </tr>
                </thead>
                <tbody>
                  {doc.rows.map((r) => (
                    <tr key={r.name}>
                      <th scope="row">
                        <code>{r.name}</code>
                        {r.required ? " (required)" : ""}
                      </th>
                      <td>{r.type}</td>
                      <td>{r.default ? <code>{r.default}</code> : null}</td>
                      <td>
                        {r.title ? <strong>{r.title}. </strong> : null}
                        {r.description}
                        {r.example ? (
                          <>
                            {" "}
                            Example: <code>{r.example}</code>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}

/** The block as a manifest would place it: the example through the manifest validator (defaults filled), then the usual loaders and renderer. */
async function renderExample(registry: BlockRegistry, doc: BlockDoc, sample: DealerManifest, origin: string): Promise<ReactNode> {
  const pattern = "/blocks-catalogue-example";
  const candidate = structuredClone(sample) as unknown as Record<string, unknown>;
  candidate.routes = { ...(candidate.routes as object), [pattern]: { title: doc.type, blocks: [{ type: doc.type, props: structuredClone(doc.example) }] } };
  if (!validateManifest(candidate)) return <p>Its example does not pass the schema.</p>;
  const manifest = candidate as unknown as DealerManifest;
  const nodes = manifest.routes[pattern].blocks as BlockNode[];
  const site: SiteContext = { manifest, pattern, params: {}, pathname: pattern, searchParams: {}, origin, now: new Date() };
  try {
    const outcomes = await runLoaders(placeBlocks(nodes, "page"), registry, site);
    const rendered = await renderBlocks(nodes, "page", { registry, outcomes, site });
    return <div className="catalogue-render">{rendered}</div>;
  } catch {
    // A block that needs a page of its own (a model, a location, a car) answers 'not found' outside it.
    return <p>This block needs a page of its own (a model, location or car) to show anything.</p>;
  }
}

// Not the directory's class: its link colour would reach into the rendered block.
const CATALOGUE_CSS = `
.catalogue{max-width:90rem;margin:2rem auto;padding:0 1rem}
.catalogue > p > a,.catalogue-example > details a{color:#0b5cab;font-weight:600}
.catalogue-grid{display:grid;gap:2rem;grid-template-columns:minmax(0,1fr)}
@media (min-width:1100px){.catalogue-grid{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}
.catalogue-render{border:1px dashed #5a6270;padding:.5rem;background:var(--color-bg,#fff);color:var(--color-text,#1a1c20)}
.catalogue-table{overflow-x:auto}
.catalogue table{border-collapse:collapse;width:100%;font-size:14px}
.catalogue th,.catalogue td{border:1px solid #d9dde3;padding:.35rem .5rem;text-align:left;vertical-align:top}
.catalogue pre{white-space:pre-wrap;word-break:break-word}
`;
