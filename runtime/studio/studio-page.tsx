import "server-only";
import path from "node:path";
import type { ReactNode } from "react";
import { Link } from "@/runtime/ui/link";
import { parse } from "jsonc-parser";
import { blockTraits } from "../generated/block-traits";
import { diagnoseManifest } from "../manifest/diagnostics";
import { allDrafts } from "../fleet/working-copies";
import type { DealerManifest } from "../generated/types";
import { getSiteStore, manifestsDir, publicDir } from "../manifest/store";
import { allStockCars } from "../manifest/stock-facts";
import { stockDir } from "../stock/store";
import { carBySlug } from "../inventory/cars";
import { studioPreviewPath } from "./preview-access";
import { fieldOf, fieldsOf, newBlockProps, resolveRef } from "./form";
import { composedDefs, composedSchema, templatesOf, themeFields } from "./theme-fields";
import { listPictures } from "./pictures";
import { syntaxProblemsOf, type SyntaxProblem } from "./syntax";
import { samplePaths } from "./samples";
import { studioFeedPath, studioPathOf, workingCopyName, type StudioKind } from "./targets";
import { checkValue, listTemplateNames, readText, studioTargetFile, usersOfTemplate, writeTemplatePreview, writeWorkingCopy } from "./working-copy";
import { StudioEditor, type StudioBlockType, type StudioSection } from "./client/StudioEditor";
import { LeadFallbackAlert } from "./go-live-check";
import { getDb } from "../db";
import { getBlobStore } from "../blobs";
import { dealerSource } from "./publish";
import { draftSiteSlug } from "./feed-target";
import { dealerMediaPrefix, MEDIA_PATH } from "./logo-upload";
import type { Picture } from "./pictures";
import { formVersionOf, themeAttempt } from "./theme-http";
import type { EditorProblem } from "./editor-state";

type Json = Record<string, unknown>;

let typesCache: StudioBlockType[] | null = null;
let sectionsCache: StudioSection[] | null = null;

/**
 * The manifest's parts the studio edits beside pages and theme, each a form generated from its
 * schema (no per-field forms): a part of the manifest by its key, or (`keys`) a form of several
 * top-level settings together.
 */
const SECTIONS: { key: string; label: string; keys?: string[]; help?: string }[] = [
  {
    key: "dealer",
    label: "Dealer, domains and dealership ids",
    keys: ["name", "timeZone", "hosts", "redirectHosts", "dealerLicenceNumber", "dealerships", "manufacturers", "locationPagePath"],
    help: "Who the dealer is, the domains the site answers on (and those that send people there, such as the bare domain), its licence number and the dealership ids of its stock feed.",
  },
  { key: "wording", label: "Wording" },
  { key: "menus", label: "Menus" },
  { key: "tiles", label: "Dated tiles and offers" },
  { key: "locations", label: "Locations and opening hours" },
  { key: "announcement", label: "Announcement" },
  { key: "contact", label: "Contact" },
  { key: "seo", label: "Search engines" },
  { key: "forms", label: "Lead destinations and forms" },
  {
    key: "stockFeed",
    label: "Stock feed",
    help: "The feed's columns are set on the Stock feed screen (the link at the top): upload the dealer's export, check what each column holds, dry-run it and save the mapping. Its other settings are here.",
  },
  // Everything else a launch sets without a programmer: how many photos a car needs to be shown, the finance
  // provider's disclaimer and rates, the features switched on, the deposit to reserve a car.
  { key: "search", label: "Search pages and stock shown" },
  { key: "finance", label: "Finance calculator and disclaimers" },
  { key: "features", label: "Features switched on or off" },
  { key: "reservations", label: "Reserve online" },
];

function studioSections(): StudioSection[] {
  if (sectionsCache) return sectionsCache;
  const composed = composedSchema();
  const defs = (composed.$defs ?? {}) as Record<string, Json>;
  const props = (composed.properties ?? {}) as Record<string, Json>;
  const required = new Set((composed.required as string[] | undefined) ?? []);
  sectionsCache = SECTIONS.filter((x) => x.keys || props[x.key]).map(({ key, label, keys, help: words }) => {
    if (keys)
      return {
        key,
        label,
        help: words ?? "",
        basePath: [],
        fields: keys.filter((k) => props[k]).map((k) => fieldOf(k, props[k], defs, [k], required.has(k))),
      };
    const s = resolveRef(props[key], defs);
    const help = words ?? String(props[key].description ?? s.description ?? "");
    // An object's fields sit under its key; a list is one field (a list of objects) at the top.
    return s.type === "object" && s.properties
      ? { key, label, help, basePath: [key], fields: fieldsOf(s, defs) }
      : { key, label, help, basePath: [], fields: [fieldOf(key, props[key], defs, [key], false)] };
  });
  return sectionsCache;
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
        newProps: newBlockProps(schema, defs),
      };
    });
  return typesCache;
}

/** The studio's home: the dealers, drafts and templates `may` allows (staff-roles.ts, mayEdit), and what `header` shows above them. */
export function StudioIndex({
  may = () => true,
  admin = true,
  header,
}: { may?: (kind: StudioKind, name: string) => boolean; admin?: boolean; header?: ReactNode } = {}): ReactNode {
  const sites = getSiteStore().sites.filter((s) => may("dealer", s.slug));
  const drafts = allDrafts(manifestsDir()).filter((d) => may("draft", d));
  const allTemplates = listTemplateNames();
  const templates = allTemplates.filter((t) => may("template", t));
  // Templates are for platform admins: an editor sees no section for them at all.
  const templatesShown = templates.length > 0 || allTemplates.length === 0;
  return (
    <main id="main" className="studio-index">
      <p>
        <Link href="/">All sites</Link> · <Link href="/blocks">Blocks</Link>
      </p>
      <h1>Studio</h1>
      {header}
      <LeadFallbackAlert />
      <p>Choose a dealer, a draft or a template to edit. Every change is checked as you make it; nothing is written until you review and save.</p>
      {admin ? (
        <p>
          <Link href="/studio/new">New dealer</Link>
        </p>
      ) : null}
      <h2>Dealers</h2>
      <ul>
        {sites.map((s) => (
          <li key={s.slug}>
            <a href={studioPathOf({ kind: "dealer", name: s.slug })}>{s.slug}</a>
            {s.status === "invalid" ? " (has errors: fix the file first)" : ""}
            {" · "}
            <a href={studioFeedPath(s.slug)} aria-label={`Stock feed of ${s.slug}`}>
              stock feed
            </a>
          </li>
        ))}
      </ul>
      <h2>Drafts</h2>
      {drafts.length ? (
        <ul>
          {drafts.map((d) => (
            <li key={d}>
              <a href={studioPathOf({ kind: "draft", name: d })}>{d}</a>
              {" · "}
              <a href={studioFeedPath(d, "draft")} aria-label={`Stock feed of the draft ${d}`}>
                stock feed
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          No drafts
          {admin ? (
            <>
              : <Link href="/studio/new">New dealer</Link> (or <code>npm run new-dealer</code>) makes one.
            </>
          ) : (
            "."
          )}
        </p>
      )}
      {templatesShown ? <h2>Templates</h2> : null}
      {!templatesShown ? null : templates.length ? (
        <ul>
          {templates.map((t) => (
            <li key={t}>
              <a href={studioPathOf({ kind: "template", name: t })}>{t}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p>No templates in manifests/templates/.</p>
      )}
    </main>
  );
}

/**
 * Addresses to preview for pages whose pattern takes a value (samples.ts): a real car, model, offer,
 * location or post of the dealer. The car is the first unsold one in the stock folder that the
 * site's own lookup finds (its base filter decides, so the preview never shows a car the site would 404).
 */
async function previewPaths(m: DealerManifest | undefined): Promise<{ paths: Record<string, string>; routes: string[] }> {
  if (!m) return { paths: {}, routes: [] };
  const ids = new Set(m.dealerships.map((d) => d.id));
  const candidates = (allStockCars(stockDir(process.cwd())) ?? []).filter((c) => ids.has(Number(c.dealership_id)) && c.status === "in_stock").slice(0, 5);
  let carSlug: string | undefined;
  for (const c of candidates)
    if (await carBySlug(m, c.slug)) {
      carSlug = c.slug;
      break;
    }
  const routes = Object.keys(m.routes);
  return { paths: samplePaths(routes, { carSlug, models: m.models, tiles: m.tiles, locations: m.locations, blogPosts: m.blogPosts }), routes };
}

/** The loaded manifest (defaults filled) of a live dealer or a draft, for the preview's sample addresses; undefined when it does not load. */
function loadedManifest(kind: "dealer" | "draft", name: string, file: string): DealerManifest | undefined {
  if (kind === "dealer") {
    const site = getSiteStore().bySlug.get(name);
    return site?.status === "ok" ? site.manifest : undefined;
  }
  // A draft's text may be held in the database rather than its file (readText reads either).
  return diagnoseManifest(file, { manifestsDir: manifestsDir(), publicDir: publicDir() }, readText(file)).manifest;
}

/** The pictures uploaded for a dealer (its logo), from the shared blob store, as the addresses a manifest writes. */
async function uploadedPictures(slug: string): Promise<Picture[]> {
  const blobs = await (await getBlobStore()).list(dealerMediaPrefix(slug), 200);
  return blobs.filter((b) => b.contentType.startsWith("image/")).map((b) => ({ path: `${MEDIA_PATH}${b.key}`, name: b.key.split("/").pop()! }));
}

/** The slug a draft's pictures are kept under; null when a live dealer has it (feed-target.ts says why). */
function draftUploadSlug(name: string): string | null {
  const own = draftSiteSlug(name);
  return own && "slug" in own ? own.slug : null;
}

const KIND_WORDS: Record<StudioKind, string> = { dealer: "", draft: "draft ", template: "template " };

/** A file the studio cannot read: each mistake at its line and column in plain words, instead of an editor over a broken value. */
function StudioFileError({ fileName, problems }: { fileName: string; problems: SyntaxProblem[] }): ReactNode {
  return (
    <main id="main" className="studio-index">
      <p>
        {/* A plain link, as the editor's own: /studio is rewritten by proxy.ts. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/studio">Studio</a>
      </p>
      <h1>{fileName} cannot be opened yet</h1>
      <p>
        The file has {problems.length === 1 ? "a mistake" : `${problems.length} mistakes`} in how it is written, so neither the studio nor the site can read it.
        Fix {problems.length === 1 ? "it" : "them"} in the file, then reload this page:
      </p>
      <ol className="studio-syntax">
        {problems.map((p) => (
          <li key={`${p.line}:${p.column}`}>{p.message}</li>
        ))}
      </ol>
    </main>
  );
}

/**
 * /studio/{dealer}, /studio/drafts/{name}, /studio/templates/{name}: the routes, the chosen page's
 * block tree, the block's form and the preview; null for an unknown name. A draft is edited like a
 * dealer (its working copy on the preview host, its own preview linked); a template with the forms
 * of the whole manifest (it may be partial), previewed on the first dealer that uses it.
 */
export async function StudioPage({
  kind,
  name,
  route,
  problem,
  uploadNote,
  panel,
  themeNote,
  themeAttempt: attempt,
  wentLiveFrom,
}: {
  kind: StudioKind;
  name: string;
  route?: string;
  /** What stopped the last attempt to put a draft live, in words. */
  problem?: string;
  /** What the last plain-form logo upload did, in words. */
  uploadNote?: string;
  /** The settings panel to open (?panel=theme: the theme's form, reachable without scripts). */
  panel?: string;
  /** What the last plain-form theme post did, in words, and the refused post itself to show again. */
  themeNote?: string;
  themeAttempt?: string;
  /** The studio's host, when the dealer was just put live from its draft: the page says so, with where to see it. */
  wentLiveFrom?: string;
}): Promise<ReactNode> {
  const found = studioTargetFile(kind, name);
  if (!found) return null;
  const { target, file } = found;
  // A dealer's text is what is live (its file while that is what was published: publish.ts).
  const source = kind === "dealer" ? await dealerSource(await getDb(), name) : null;
  if (kind === "dealer" && !source) return null;
  const baseText = source ? source.text : readText(file);
  const fileName = kind === "dealer" ? path.basename(file) : `${kind === "draft" ? "drafts" : "templates"}/${path.basename(file)}`;
  const syntax = syntaxProblemsOf(baseText);
  if (syntax.length) return <StudioFileError fileName={fileName} problems={syntax} />;
  const value = parse(baseText) as Json;
  const formVersion = formVersionOf(kind, baseText, source?.liveId);
  const shownAgain = attempt ? await themeAttempt(target, file, baseText, formVersion, attempt) : null;
  const users = kind === "template" ? usersOfTemplate(name) : [];
  // The preview frame shows the working copy (a draft on its own preview host): start it from the file as it is.
  let manifest: DealerManifest | undefined;
  if (kind === "template") {
    await writeTemplatePreview(name, baseText);
    const shown = users[0];
    manifest = shown ? loadedManifest(shown.kind, shown.name, shown.file) : undefined;
  } else {
    await writeWorkingCopy(workingCopyName(target), baseText);
    manifest = loadedManifest(kind, name, file);
  }
  const previews = await previewPaths(manifest);
  // Where a dealer's or draft's uploaded pictures are kept: its site slug (a draft's, the one it goes live with).
  const uploadsAs = kind === "dealer" ? name : kind === "draft" ? draftUploadSlug(name) : null;
  const routes = [...previews.routes, ...Object.keys((value.routes as Json | undefined) ?? {}).filter((r) => !previews.routes.includes(r))];
  // Link fields offer the site's own pages: its plain paths and a real address for each pattern.
  const linkChoices = [...new Set(routes.map((r) => (r.includes("[") ? previews.paths[r] : r)).filter((r): r is string => Boolean(r)))];
  // A template opens on a page it has itself (the editor lists only those and its own templates').
  const ownRoutes = Object.keys((value.routes as Json | undefined) ?? {});
  const first = kind === "template" ? (routes.find((r) => ownRoutes.includes(r)) ?? ownRoutes[0]) : routes[0];
  const editor = (
    <StudioEditor
      slug={name}
      kindWords={KIND_WORDS[kind]}
      basePath={studioPathOf(target)}
      fileName={fileName}
      baseText={baseText}
      initialValue={shownAgain ? shownAgain.value : value}
      initialPanel={panel === "theme" ? "theme" : undefined}
      initialProblems={shownAgain?.problems as EditorProblem[] | undefined}
      initialPending={shownAgain?.pending}
      initialLastPointer={shownAgain?.lastPointer}
      themeForm={{ version: formVersion, note: themeNote, refused: themeNote?.startsWith("Not saved") }}
      initialRoute={route && routes.includes(route) ? route : (first ?? "/")}
      blockTypes={studioBlockTypes()}
      themeFields={themeFields()}
      sections={studioSections()}
      templates={templatesOf(value)}
      siteRoutes={previews.routes}
      linkChoices={linkChoices}
      pictures={[...(uploadsAs ? await uploadedPictures(uploadsAs) : []), ...listPictures(publicDir())]}
      liveId={source ? source.liveId : undefined}
      initialWarnings={kind === "template" ? [] : checkValue(file, baseText, value).warnings}
      previewPaths={previews.paths}
      previewBase={studioPreviewPath(workingCopyName(target))}
      ownPreview={kind === "draft" ? studioPreviewPath(name) : undefined}
      feedPath={kind === "template" ? undefined : studioFeedPath(name, kind)}
      uploads={uploadsAs !== null}
      uploadNote={uploadNote}
      usedBy={kind === "template" ? users.map((u) => ({ kind: u.kind, name: u.name, href: studioPathOf({ kind: u.kind, name: u.name }) })) : undefined}
    />
  );
  if (wentLiveFrom && manifest) return <WentLive manifest={manifest} studioHost={wentLiveFrom} editor={editor} />;
  return kind === "draft" ? (
    <>
      <DraftGoLive name={name} problem={problem} />
      {editor}
    </>
  ) : (
    editor
  );
}

/**
 * Said once, right after a draft went live: the dealer's site now, on the platform's own address for it (the studio's
 * host with the slug in front, as `{slug}.localhost` on this machine), and on its domain once that points here.
 */
function WentLive({ manifest, studioHost, editor }: { manifest: DealerManifest; studioHost: string; editor: ReactNode }): ReactNode {
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(studioHost);
  const own = manifest.hosts[0];
  const now = local ? `http://${manifest.slug}.localhost${studioHost.replace(/^[^:]*/, "")}/` : own ? `https://${own}/` : null;
  return (
    <>
      <p role="status" className="studio-went-live">
        {manifest.name} is live
        {now ? (
          <>
            : <a href={now}>{now}</a>
          </>
        ) : null}
        . {own && local ? <>It answers on {own} once that domain&apos;s DNS records point to the platform. </> : null}
        Every change from now on is published as a new version, listed under Published versions.
      </p>
      {editor}
    </>
  );
}

/**
 * A draft's way live: a plain form (no script needed) that puts the saved draft live as a new
 * dealer after the checks CI runs and the go-live check (runtime/studio/publish.ts
 * `publishDraft`), with what stopped the last attempt.
 */
function DraftGoLive({ name, problem }: { name: string; problem?: string }): ReactNode {
  return (
    <section className="studio-draft-live" aria-label="Put this dealer live">
      {problem ? (
        <p role="alert" className="studio-field-error">
          {problem}
        </p>
      ) : null}
      {/* A disclosure, not a script's dialog: going live is asked once more, and works before the page's code arrives. */}
      <details className="studio-draft-live-ask">
        <summary>Put {name} live…</summary>
        <form method="post" action={`/studio/drafts/${name}/publish`}>
          <p>
            The saved draft goes through the checks and, if nothing blocks, becomes a live dealer: its site answers on its domains and shoppers&apos; enquiries
            reach its lead destinations. Unsaved changes below are not included.
          </p>
          <button type="submit">Yes, put {name} live</button>
        </form>
      </details>
    </section>
  );
}
