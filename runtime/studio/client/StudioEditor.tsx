"use client";
/**
 * The studio's one client island (issue 19), imported only by the studio's page: shoppers' pages
 * never load it. It holds the manifest value as written in the file (a dealer's, a draft's or a
 * template's: `basePath` is /studio/{dealer}, /studio/drafts/{name} or /studio/templates/{name}),
 * sends each change to {basePath}/check (the platform's own pipeline: precompiled validators and rules, no eval),
 * keeps the change only when it passes (else the field keeps the typed value with its message),
 * reloads the preview frame (the working copy on its preview host), and saves through
 * {basePath}/save after showing the diff.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { parse } from "jsonc-parser";
import type { Field } from "../form";
import { parseInput, variantIndex } from "../form";
import { placeOf, plainMessage } from "../messages";
import type { Picture } from "../pictures";
import { originOf, type TemplateValue } from "../template-origin";
import { canRedo, canUndo, commit, redo, startHistory, undo, type History } from "../history";
import { blockTree, duplicateBlock, getAt, insertBlock, moveBlock, pointerOf, removeBlock, setAt, type Path, type TreeNode } from "../ops";
import { applyValueToText, diffLines, type DiffLine } from "../text-edits";

export interface StudioBlockType {
  type: string;
  title: string;
  description: string;
  within: string[];
  fields: Field[];
  newProps: Record<string, unknown>;
}

interface Problem {
  pointer: string;
  message: string;
  hint?: string;
  line: number;
  column: number;
  source?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  severity?: "error" | "warning";
  /** For a template's check: the dealer (or draft) the problem is in. */
  dealer?: string;
  file?: string;
}

/** A part of the manifest besides pages and theme (wording, menus, tiles, locations…), with its generated form. */
export interface StudioSection {
  key: string;
  label: string;
  help: string;
  /** Fields under basePath. */
  basePath: string[];
  fields: Field[];
}

/** What every field of a form needs besides its own description: the value, the templates, the pictures, the warnings. */
interface FormContext {
  value: unknown;
  templates: TemplateValue[];
  pictures: Picture[];
  warnings: Problem[];
  /** Sets a whole value at a path (list items added, moved or removed, a union's variant, override and reset). */
  onSet: (path: Path, next: unknown, what: string, focus?: string) => Promise<boolean>;
}
const FormCtx = createContext<FormContext>({ value: undefined, templates: [], pictures: [], warnings: [], onSet: async () => false });

/** A problem in words a member of staff can act on, and where it is. */
const wordsOf = (p: Problem) => plainMessage(p);

interface Props {
  /** The dealer's slug, the draft's or the template's name. */
  slug: string;
  /** "" for a dealer, "draft " or "template " (the heading says what is edited). */
  kindWords: string;
  /** The studio page of what is edited; its POSTs are {basePath}/check and /save. */
  basePath: string;
  fileName: string;
  baseText: string;
  initialValue: unknown;
  initialRoute: string;
  blockTypes: StudioBlockType[];
  themeFields: Field[];
  /** Wording, menus, tiles, locations…: each a form of its own. */
  sections: StudioSection[];
  /** The templates the dealer's file extends, nearest first (as written). */
  templates: TemplateValue[];
  /** Pages of the merged site (the dealer's and its templates'), in the order they match. */
  siteRoutes: string[];
  /** Paths a link field offers (the site's pages and sample addresses). */
  linkChoices: string[];
  /** Images under public/. */
  pictures: Picture[];
  /** The platform's warnings on the file as it is (shown at their fields). */
  initialWarnings: Problem[];
  /** A concrete address for a pattern route ("/cars/[slug]" → one of the dealer's cars). */
  previewPaths: Record<string, string>;
  previewOrigin: string;
  /** A draft's own preview host (what is saved), linked beside the working copy's frame. */
  ownPreview?: string;
  /** A template's users (dealers and drafts extending it, directly or not), each with its studio page. */
  usedBy?: { kind: "dealer" | "draft"; name: string; href: string }[];
}

const idOf = (pointer: string) => "f" + pointer.replace(/[^a-zA-Z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
const show = (v: unknown) => (v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

export function StudioEditor({
  slug,
  kindWords,
  basePath,
  fileName,
  baseText: initialBase,
  initialValue,
  initialRoute,
  blockTypes,
  themeFields,
  sections,
  templates,
  siteRoutes,
  linkChoices,
  pictures,
  initialWarnings,
  previewPaths,
  previewOrigin,
  ownPreview,
  usedBy,
}: Props) {
  const [history, setHistory] = useState<History<unknown>>(() => startHistory(initialValue));
  const [baseText, setBaseText] = useState(initialBase);
  const [route, setRoute] = useState(initialRoute);
  const [selected, setSelectedBlock] = useState<Path | null>(null);
  // The theme's or a section's form instead of a block's (choosing a block closes it): "theme" or a section's key.
  const [panel, setPanel] = useState<string | null>(null);
  const themeOpen = panel === "theme";
  const setSelected = useCallback((p: Path | null) => {
    setSelectedBlock(p);
    if (p) setPanel(null);
  }, []);
  // The file's own warnings (a picture of the wrong proportions…) at their fields from the start; each accepted change brings its own.
  const [warnings, setWarnings] = useState<Problem[]>(initialWarnings);
  const [pending, setPending] = useState<Record<string, { raw: string; messages: string[] }>>({});
  const [status, setStatus] = useState("");
  const [problems, setProblems] = useState<Problem[]>([]);
  const [busy, setBusy] = useState(false);
  const [previewKey, setPreviewKey] = useState(0);
  const [review, setReview] = useState<DiffLine[] | null>(null);
  const value = history.present;
  const unsaved = useMemo(() => applyValueToText(baseText, parse(baseText), value) !== baseText, [baseText, value]);
  // Leaving with changes not saved asks first: the browser's own question on closing or reloading, ours on the studio's links.
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, [unsaved]);
  const confirmLeave = (e: { preventDefault: () => void }) => {
    if (unsaved && !window.confirm("Leave the studio? Your changes are not saved: review and save them first, or they are lost.")) e.preventDefault();
  };
  const busyRef = useRef(false);
  // Where the keyboard focus goes after a change re-renders the tree (a moved block's button has a new key).
  const focusRef = useRef<string | null>(null);
  const setFocusTarget = useCallback((target: string) => {
    focusRef.current = target;
  }, []);
  useEffect(() => {
    if (!focusRef.current) return;
    const el = document.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusRef.current)}"]`);
    if (el) {
      el.focus();
      focusRef.current = null;
    }
  });
  const byType = useMemo(() => new Map(blockTypes.map((b) => [b.type, b])), [blockTypes]);
  const ownRoutes = Object.keys((getAt(value, ["routes"]) as Record<string, unknown> | undefined) ?? {});
  // The site's pages as the loader merges them: the templates' in their order, then the dealer's new ones.
  const routes = [
    ...siteRoutes.filter((r) => ownRoutes.includes(r) || templates.some((t) => getAt(t.value, ["routes", r]) !== undefined)),
    ...ownRoutes.filter((r) => !siteRoutes.includes(r)),
  ];
  const routeOrigin = originOf(value, templates, ["routes", route]);
  const listPath: Path = ["routes", route, "blocks"];
  const tree = blockTree(value, listPath);
  const selectedNode = selected ? (getAt(value, selected) as { type?: string; props?: Record<string, unknown> } | undefined) : undefined;

  const post = useCallback(
    async (action: "check" | "save", next: unknown) => {
      const res = await fetch(`${basePath}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ baseText, value: next }),
      });
      return (await res.json()) as {
        ok?: boolean;
        status?: string;
        errors?: Problem[];
        warnings?: Problem[];
        text?: string;
        backup?: string;
        message?: string;
      };
    },
    [basePath, baseText],
  );

  /** Checks a new value; keeps it (and refreshes the preview) only when the platform accepts it. */
  const apply = useCallback(
    async (next: unknown, what: string, fieldPointer?: string, raw?: string): Promise<boolean> => {
      // One change at a time: a second one while the first is checked would be made on a stale value.
      if (busyRef.current) return false;
      busyRef.current = true;
      setBusy(true);
      try {
        const r = await post("check", next);
        if (r.ok) {
          setHistory((h) => commit(h, next));
          setWarnings(r.warnings ?? []);
          if (fieldPointer) setPending(({ [fieldPointer]: _gone, ...rest }) => rest);
          setProblems([]);
          setStatus(`${what}. Preview updated.`);
          setPreviewKey((k) => k + 1);
          return true;
        }
        const errors = r.errors ?? [];
        const atField = fieldPointer ? errors.filter((e) => e.pointer === fieldPointer || e.pointer.startsWith(`${fieldPointer}/`)) : [];
        const messages = (atField.length ? atField : errors).map((e) => `${wordsOf(e)} (at ${placeOf(e.pointer)})`);
        if (fieldPointer) setPending((p) => ({ ...p, [fieldPointer]: { raw: raw ?? "", messages } }));
        setProblems(errors);
        setStatus(
          `Not changed: ${errors[0] ? `${errors[0].dealer ? `${errors[0].dealer}: ` : ""}${wordsOf(errors[0])}` : (r.message ?? "the platform refused it")}`,
        );
        return false;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [post],
  );

  const refreshAfter = useCallback(
    async (h: History<unknown>, what: string) => {
      setHistory(h);
      setPending({});
      const r = await post("check", h.present);
      setWarnings(r.warnings ?? []);
      setStatus(r.ok ? `${what}. Preview updated.` : what);
      setPreviewKey((k) => k + 1);
    },
    [post],
  );
  const doUndo = useCallback(() => canUndo(history) && refreshAfter(undo(history), "Undone"), [history, refreshAfter]);
  const doRedo = useCallback(() => canRedo(history) && refreshAfter(redo(history), "Redone"), [history, refreshAfter]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) {
        e.preventDefault();
        void doUndo();
      } else if (k === "y" || (k === "z" && e.shiftKey)) {
        e.preventDefault();
        void doRedo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [doUndo, doRedo]);

  const chooseRoute = (r: string) => {
    setRoute(r);
    setSelected(null);
    setPending({});
    window.history.replaceState(null, "", `${basePath}?route=${encodeURIComponent(r)}`);
    setPreviewKey((k) => k + 1);
  };

  const [addType, setAddType] = useState("hero");
  const addBlock = async () => {
    const t = byType.get(addType);
    if (!t) return;
    const target = selected ? { list: selected.slice(0, -1), index: (selected[selected.length - 1] as number) + 1 } : { list: listPath, index: tree.length };
    const next = insertBlock(value, target.list, target.index, { type: t.type, props: structuredClone(t.newProps) });
    if (await apply(next, `Added ${t.type}`)) {
      setSelected([...target.list, target.index]);
      setFocusTarget(`${pointerOf([...target.list, target.index])}:pick`);
    }
  };

  const [newPath, setNewPath] = useState("");
  const [newTitle, setNewTitle] = useState("");
  const addPage = async () => {
    const p = newPath.trim();
    if (!p || routes.includes(p)) return setStatus(p ? `There is already a page at ${p}.` : "Enter the new page's path, such as /about-us.");
    const next = setAt(value, ["routes", p], { title: newTitle.trim() || p, blocks: [] });
    if (await apply(next, `Added the page ${p}`)) {
      chooseRoute(p);
      setNewPath("");
      setNewTitle("");
    }
  };

  const openReview = () => {
    const text = applyValueToText(baseText, parse(baseText), value);
    setReview(diffLines(fileName, baseText, text));
  };
  const save = async () => {
    setBusy(true);
    try {
      const r = await post("save", value);
      if (r.status === "saved" && r.text !== undefined) {
        setBaseText(r.text);
        setReview(null);
        setStatus(
          kindWords === ""
            ? `Saved ${fileName}. The live site shows it within seconds; the previous version is kept as ${r.backup}.`
            : usedBy
              ? `Saved ${fileName}. The sites that use it show it within seconds; the previous version is kept as ${r.backup}.`
              : `Saved ${fileName}. The previous version is kept as ${r.backup}.`,
        );
      } else if (r.status === "changed") setStatus("Not saved: the file changed since the studio opened it. Reload the studio to edit the new version.");
      else {
        setProblems(r.errors ?? []);
        setStatus(`Not saved: ${r.message ?? r.errors?.[0]?.message ?? "the manifest has errors"}`);
      }
    } finally {
      setBusy(false);
    }
  };

  const changeField = async (field: Field, basePath: Path, raw: string | boolean | string[]) => {
    const path = [...basePath, ...field.path];
    const pointer = pointerOf(path);
    const parsed = Array.isArray(raw) ? { value: raw } : parseInput(field, raw);
    if ("error" in parsed) {
      setPending((p) => ({ ...p, [pointer]: { raw: String(raw), messages: [parsed.error] } }));
      setStatus(`Not changed: ${parsed.error}`);
      return;
    }
    if (JSON.stringify(getAt(value, path)) === JSON.stringify(parsed.value) && !pending[pointer]) return;
    await apply(setAt(value, path, parsed.value), `${field.label} changed`, pointer, String(raw));
  };

  const previewPath = /\[/.test(route) ? (previewPaths[route] ?? null) : route;

  const setAtPath = useCallback(
    async (path: Path, next: unknown, what: string, focus?: string) => {
      const ok = await apply(setAt(value, path, next), what, pointerOf(path));
      if (ok && focus) setFocusTarget(focus);
      return ok;
    },
    [apply, value, setFocusTarget],
  );
  const formCtx = useMemo<FormContext>(() => ({ value, templates, pictures, warnings, onSet: setAtPath }), [value, templates, pictures, warnings, setAtPath]);
  const openSection = sections.find((x) => x.key === panel);

  return (
    <div className="studio">
      <header className="studio-bar">
        <p>
          {/* A plain link: /studio is rewritten by proxy.ts, and leaving the editor is a full page load anyway. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/studio" onClick={confirmLeave}>
            Studio
          </a>{" "}
          · {kindWords}
          <strong>{slug}</strong> <span className="studio-file">({fileName})</span>
        </p>
        <div className="studio-actions" role="toolbar" aria-label="Changes">
          <button type="button" onClick={() => void doUndo()} disabled={!canUndo(history)} aria-keyshortcuts="Control+Z">
            Undo
          </button>
          <button type="button" onClick={() => void doRedo()} disabled={!canRedo(history)} aria-keyshortcuts="Control+Y">
            Redo
          </button>
          <button type="button" onClick={openReview} disabled={!unsaved}>
            Review and save
          </button>
        </div>
        {unsaved ? <p className="studio-unsaved">Changes not saved yet</p> : null}
        <p className="studio-status" role="status" aria-live="polite">
          {busy ? "Checking…" : status}
        </p>
      </header>
      {review ? (
        <section className="studio-review" aria-labelledby="review-heading">
          <h2 id="review-heading">Changes to {fileName}</h2>
          <pre className="studio-diff" tabIndex={0} role="region" aria-label="Differences">
            {review.map((l, i) => (
              <span key={i} className={`diff-${l.kind}`}>
                {l.kind === "add" ? "+ " : l.kind === "remove" ? "- " : l.kind === "hunk" ? "" : "  "}
                {l.text}
                {"\n"}
              </span>
            ))}
          </pre>
          <button type="button" onClick={() => void save()}>
            Save to {fileName}
          </button>{" "}
          <button type="button" onClick={() => setReview(null)}>
            Keep editing
          </button>
        </section>
      ) : null}
      {problems.length ? (
        <section className="studio-problems" aria-label="Problems">
          <ul>
            {problems.map((p, i) => (
              <li key={i}>
                {p.dealer ? <strong>{p.dealer}: </strong> : null}
                {wordsOf(p)}{" "}
                <span className="studio-at">
                  (at {placeOf(p.pointer)}; {p.dealer && p.file ? `${p.file}, ` : ""}line {p.line}, column {p.column})
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="studio-grid">
        <main id="main" className="studio-side">
          <h1>
            Edit {kindWords}
            {slug}
          </h1>
          {usedBy ? (
            <p className="studio-used-by">
              Used by:{" "}
              {usedBy.length
                ? usedBy.map((u, i) => (
                    <span key={`${u.kind}:${u.name}`}>
                      {i ? ", " : ""}
                      <a href={u.href} onClick={confirmLeave}>
                        {u.name}
                      </a>
                      {u.kind === "draft" ? " (draft)" : ""}
                    </span>
                  ))
                : "no dealer or draft yet."}
            </p>
          ) : null}
          <nav aria-labelledby="pages-heading">
            <h2 id="pages-heading">Pages</h2>
            <ul className="studio-routes">
              {routes.map((r) => (
                <li key={r}>
                  <a
                    href={`${basePath}?route=${encodeURIComponent(r)}`}
                    aria-current={r === route ? "page" : undefined}
                    onClick={(e) => {
                      e.preventDefault();
                      chooseRoute(r);
                    }}
                  >
                    {r}
                  </a>
                  {!ownRoutes.includes(r) ? <span className="studio-at"> (template)</span> : null}
                </li>
              ))}
            </ul>
            <p>
              <button type="button" aria-pressed={themeOpen} onClick={() => (setSelectedBlock(null), setPanel("theme"), setFocusTarget("panel-heading"))}>
                Edit the theme
              </button>
            </p>
            <details>
              <summary>Add a page</summary>
              <label htmlFor="new-page-path">Path</label>
              <input id="new-page-path" value={newPath} onChange={(e) => setNewPath(e.target.value)} placeholder="/about-us" />
              <label htmlFor="new-page-title">Title</label>
              <input id="new-page-title" value={newTitle} onChange={(e) => setNewTitle(e.target.value)} />
              <button type="button" onClick={() => void addPage()}>
                Add page
              </button>
            </details>
          </nav>
          <nav aria-labelledby="sections-heading">
            <h2 id="sections-heading">Site settings</h2>
            <ul className="studio-sections">
              {sections.map((x) => (
                <li key={x.key}>
                  <button
                    type="button"
                    aria-pressed={panel === x.key}
                    data-focus={`section:${x.key}`}
                    onClick={() => (setSelectedBlock(null), setPanel(x.key), setFocusTarget("panel-heading"))}
                  >
                    {x.label}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="blocks-heading">
            <h2 id="blocks-heading">Blocks on {route}</h2>
            {routeOrigin.from === "template" ? (
              <div className="studio-origin">
                <p>
                  This page comes from the template <strong>{routeOrigin.template}</strong>. Override it to change its blocks for this dealer.
                </p>
                <ol className="studio-tree">
                  {blockTree(routeOrigin.templateValue ? { r: routeOrigin.templateValue } : {}, ["r", "blocks"]).map((n) => (
                    <li key={n.index}>{n.type}</li>
                  ))}
                </ol>
                <button type="button" onClick={() => void setAtPath(["routes", route], structuredClone(routeOrigin.templateValue), `Overrode ${route}`)}>
                  Override this page
                </button>
              </div>
            ) : routeOrigin.template ? (
              <p className="studio-origin">
                The template <strong>{routeOrigin.template}</strong> has this page too; this dealer&apos;s version replaces it.{" "}
                <button type="button" onClick={() => void setAtPath(["routes", route], undefined, `Reset ${route} to the template`)}>
                  Reset page to template
                </button>
              </p>
            ) : null}
            {routeOrigin.from === "template" ? null : tree.length === 0 ? (
              <p>This page has no blocks yet.</p>
            ) : (
              <BlockList nodes={tree} selected={selected} onSelect={setSelected} onOp={apply} onFocus={setFocusTarget} value={value} />
            )}
            <div className="studio-add" hidden={routeOrigin.from === "template"}>
              <label htmlFor="add-block-type">Block to add {selected ? "after the chosen block" : "at the end of the page"}</label>
              <select id="add-block-type" data-focus="add" value={addType} onChange={(e) => setAddType(e.target.value)}>
                {blockTypes
                  .filter((b) => {
                    const parent = selected && selected.length > 4 ? (getAt(value, selected.slice(0, -3)) as { type?: string } | undefined)?.type : null;
                    return b.within.length === 0 || (parent ? b.within.includes(parent) : false);
                  })
                  .map((b) => (
                    <option key={b.type} value={b.type}>
                      {b.type}
                    </option>
                  ))}
              </select>
              <button type="button" onClick={() => void addBlock()}>
                Add block
              </button>
            </div>
          </section>
          <datalist id="studio-links">
            {linkChoices.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
          <FormCtx.Provider value={formCtx}>
            {openSection ? (
              <section aria-labelledby="section-heading" className="studio-form">
                <h2 id="section-heading" tabIndex={-1} data-focus="panel-heading">
                  {openSection.label}
                </h2>
                <p className="studio-help">{openSection.help}</p>
                <FieldList
                  fields={openSection.fields}
                  props={(getAt(value, openSection.basePath) as Record<string, unknown> | undefined) ?? {}}
                  basePath={openSection.basePath}
                  pending={pending}
                  busy={busy}
                  onChange={changeField}
                />
              </section>
            ) : themeOpen ? (
              <section aria-labelledby="theme-heading" className="studio-form">
                <h2 id="theme-heading" tabIndex={-1} data-focus="panel-heading">
                  Theme
                </h2>
                <p className="studio-help">Colours, fonts and logo of the whole site. A value left out here comes from the template or the default.</p>
                <FieldList
                  fields={themeFields}
                  props={(getAt(value, ["theme"]) as Record<string, unknown> | undefined) ?? {}}
                  basePath={["theme"]}
                  pending={pending}
                  busy={busy}
                  onChange={changeField}
                />
              </section>
            ) : selected && selectedNode?.type ? (
              <section aria-labelledby="props-heading" className="studio-form">
                <h2 id="props-heading">
                  {selectedNode.type} <span className="studio-at">at {pointerOf(selected)}</span>
                </h2>
                <p className="studio-help">{byType.get(selectedNode.type)?.description}</p>
                <FieldList
                  fields={byType.get(selectedNode.type)?.fields ?? []}
                  props={selectedNode.props ?? {}}
                  basePath={[...selected, "props"]}
                  pending={pending}
                  busy={busy}
                  onChange={changeField}
                />
              </section>
            ) : (
              <p>Choose a block to edit its settings.</p>
            )}
          </FormCtx.Provider>
        </main>
        <section className="studio-preview" aria-labelledby="preview-heading">
          <h2 id="preview-heading">Preview of {route}</h2>
          {usedBy ? (
            <p className="studio-help">
              {usedBy[0]
                ? `Shown on ${usedBy[0].name} with this template as edited (not saved yet).`
                : "No dealer uses this template yet, so there is nothing to preview."}
            </p>
          ) : null}
          {ownPreview ? (
            <p className="studio-help">
              This frame shows your changes; the draft as saved is at{" "}
              <a href={`${ownPreview}${route.includes("[") ? "/" : route}`} target="_blank" rel="noreferrer">
                its own preview
              </a>
              .
            </p>
          ) : null}
          {usedBy && !usedBy.length ? null : previewPath === null ? (
            <p>This page takes a value from its address ({route}); open one such page on the site to see it.</p>
          ) : (
            <iframe key={previewKey} title={`Preview of ${route}`} src={`${previewOrigin}${previewPath}`} />
          )}
        </section>
      </div>
    </div>
  );
}

function BlockList({
  nodes,
  selected,
  onSelect,
  onOp,
  onFocus,
  value,
}: {
  nodes: TreeNode[];
  selected: Path | null;
  onSelect: (p: Path | null) => void;
  onOp: (next: unknown, what: string) => Promise<boolean>;
  onFocus: (target: string) => void;
  value: unknown;
}) {
  const sel = selected ? pointerOf(selected) : "";
  return (
    <ol className="studio-tree">
      {nodes.map((n) => {
        const name = `${n.type} ${n.index + 1}`;
        const last = n.index === nodes.length - 1;
        const after = async (next: unknown, what: string, select: Path | null, focus: string) => {
          if (await onOp(next, what)) {
            onSelect(select);
            onFocus(focus);
          }
        };
        const at = (i: number) => pointerOf([...n.listPath, i]);
        const keys = (e: ReactKeyboardEvent) => {
          // Alt+Arrow keys move the chosen block, as the buttons do.
          if (e.altKey && e.key === "ArrowUp" && n.index > 0) {
            e.preventDefault();
            void after(moveBlock(value, n.listPath, n.index, -1), `Moved ${n.type} up`, [...n.listPath, n.index - 1], `${at(n.index - 1)}:pick`);
          } else if (e.altKey && e.key === "ArrowDown" && !last) {
            e.preventDefault();
            void after(moveBlock(value, n.listPath, n.index, 1), `Moved ${n.type} down`, [...n.listPath, n.index + 1], `${at(n.index + 1)}:pick`);
          }
        };
        return (
          <li key={pointerOf(n.path)} data-block={n.type}>
            <div className="studio-node">
              <button
                type="button"
                className="studio-pick"
                data-focus={`${pointerOf(n.path)}:pick`}
                aria-pressed={sel === pointerOf(n.path)}
                onClick={() => onSelect(n.path)}
                onKeyDown={keys}
              >
                {n.type}
              </button>
              <button
                type="button"
                aria-label={`Move ${name} up`}
                data-focus={`${pointerOf(n.path)}:up`}
                disabled={n.index === 0}
                onClick={() =>
                  void after(moveBlock(value, n.listPath, n.index, -1), `Moved ${n.type} up`, [...n.listPath, n.index - 1], `${at(n.index - 1)}:up`)
                }
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${name} down`}
                data-focus={`${pointerOf(n.path)}:down`}
                disabled={last}
                onClick={() =>
                  void after(moveBlock(value, n.listPath, n.index, 1), `Moved ${n.type} down`, [...n.listPath, n.index + 1], `${at(n.index + 1)}:down`)
                }
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={`Duplicate ${name}`}

                onClick={() =>
                  void after(duplicateBlock(value, n.listPath, n.index), `Duplicated ${n.type}`, [...n.listPath, n.index + 1], `${at(n.index + 1)}:pick`)
                }
              >
                Duplicate
              </button>
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={() => void after(removeBlock(value, n.listPath, n.index), `Removed ${n.type}`, null, "add")}
              >
                Remove
              </button>
            </div>
            {n.slots.map((s) => (
              <div key={s.name} className="studio-slot">
                <p>Slot {s.name}</p>
                <BlockList nodes={s.children} selected={selected} onSelect={onSelect} onOp={onOp} onFocus={onFocus} value={value} />
              </div>
            ))}
          </li>
        );
      })}
    </ol>
  );
}

function FieldList({
  fields,
  props,
  basePath,
  pending,
  busy,
  onChange,
}: {
  fields: Field[];
  props: Record<string, unknown>;
  basePath: Path;
  pending: Record<string, { raw: string; messages: string[] }>;
  busy: boolean;
  onChange: (field: Field, basePath: Path, raw: string | boolean | string[]) => Promise<void>;
}) {
  return (
    <div className="studio-fields">
      {fields.map((f) => (
        <FieldInput key={f.path.join(".")} field={f} props={props} basePath={basePath} pending={pending} busy={busy} onChange={onChange} />
      ))}
    </div>
  );
}

function FieldInput({
  field,
  props,
  basePath,
  pending,
  busy,
  onChange,
}: {
  field: Field;
  props: Record<string, unknown>;
  basePath: Path;
  pending: Record<string, { raw: string; messages: string[] }>;
  busy: boolean;
  onChange: (field: Field, basePath: Path, raw: string | boolean | string[]) => Promise<void>;
}) {
  const ctx = useContext(FormCtx);
  const fullPath = [...basePath, ...field.path];
  const pointer = pointerOf(fullPath);
  const id = idOf(pointer);
  const current = getAt(props, field.path);
  // A value the dealer's file leaves out may come from its template (objects merge key by key): shown, and marked so.
  const origin = field.kind === "group" ? null : originOf(ctx.value, ctx.templates, fullPath);
  const inherited = origin?.from === "template" ? origin.templateValue : undefined;
  const shown = current !== undefined ? current : inherited !== undefined ? inherited : field.default;
  const held = pending[pointer];
  const warned = ctx.warnings.filter((w) => w.pointer === pointer);
  const describedBy = [`${id}-help`, origin?.template ? `${id}-origin` : "", held ? `${id}-error` : "", warned.length ? `${id}-warning` : ""]
    .filter(Boolean)
    .join(" ");
  const help = (
    <p id={`${id}-help`} className="studio-help">
      {field.help}
      {field.pictureRatio ? ` Shown at ${field.pictureRatio.replace(":", " : ")} (width : height); a picture of other proportions is cropped or boxed.` : ""}
      {field.default !== undefined && field.kind !== "object-list" ? ` Default: ${show(field.default) || "(empty)"}.` : ""}
    </p>
  );
  const originNote =
    origin?.from === "template" ? (
      <p id={`${id}-origin`} className="studio-origin">
        From template {origin.template}{" "}
        <button
          type="button"
          aria-label={`Override ${field.label}`}
          data-focus={`${pointer}:origin`}
          onClick={() => void ctx.onSet(fullPath, structuredClone(origin.templateValue), `${field.label}: overridden`, `${pointer}:origin`)}
        >
          Override
        </button>
      </p>
    ) : origin?.from === "dealer" && origin.template ? (
      <p id={`${id}-origin`} className="studio-origin">
        This dealer&apos;s own value (template {origin.template} has {show(origin.templateValue).slice(0, 60) || "(empty)"}){" "}
        <button
          type="button"
          aria-label={`Reset ${field.label} to template`}
          data-focus={`${pointer}:origin`}
          onClick={() => void ctx.onSet(fullPath, undefined, `${field.label}: reset to the template`, `${pointer}:origin`)}
        >
          Reset to template
        </button>
      </p>
    ) : null;
  const error = held ? (
    <p id={`${id}-error`} className="studio-error">
      {held.messages.join(" ")}
    </p>
  ) : null;
  const warning = warned.length ? (
    <p id={`${id}-warning`} className="studio-warning">
      Warning: {warned.map((w) => wordsOf(w)).join(" ")}
    </p>
  ) : null;
  const common = { id, "aria-describedby": describedBy, "aria-invalid": held ? true : undefined };

  if (field.kind === "group") {
    return (
      <fieldset className="studio-group">
        <legend>{field.label}</legend>
        {help}
        <FieldList fields={field.fields ?? []} props={props} basePath={basePath} pending={pending} busy={busy} onChange={onChange} />
      </fieldset>
    );
  }
  if (field.kind === "union") {
    const variants = field.variants ?? [];
    const at = variantIndex(variants, shown);
    const variant = variants[at];
    return (
      <fieldset className="studio-group">
        <legend>{field.label}</legend>
        {help}
        {originNote}
        <div className="studio-field">
          <label htmlFor={`${id}-kind`}>Kind of {field.label.toLowerCase()}</label>
          <select
            id={`${id}-kind`}
            value={String(at)}
            onChange={(e) => {
              const v = variants[Number(e.target.value)];
              if (v) void ctx.onSet(fullPath, structuredClone(v.start), `${field.label}: ${v.label}`, `${pointer}:kind`);
            }}
            data-focus={`${pointer}:kind`}
          >
            {variants.map((v, i) => (
              <option key={v.label} value={String(i)}>
                {v.label}
              </option>
            ))}
          </select>
        </div>
        {error}
        {variant ? <FieldList fields={variant.fields} props={props} basePath={basePath} pending={pending} busy={busy} onChange={onChange} /> : null}
      </fieldset>
    );
  }
  if (field.kind === "object-list") {
    const items = Array.isArray(shown) ? (shown as Record<string, unknown>[]) : [];
    const setList = (next: unknown[], what: string, focus?: string) => void ctx.onSet(fullPath, next, what, focus);
    const nameOf = (item: Record<string, unknown>, i: number) => {
      const named = field.itemLabelKey ? item?.[field.itemLabelKey] : undefined;
      return `${field.label} ${i + 1}${typeof named === "string" && named ? `: ${named}` : typeof named === "number" ? `: ${named}` : ""}`;
    };
    return (
      <fieldset className="studio-group" aria-describedby={describedBy}>
        <legend>{field.label}</legend>
        {help}
        {originNote}
        {origin?.from === "template" ? (
          <p className="studio-help">Override to change this list for this dealer ({items.length} items from the template).</p>
        ) : (
          <ol className="studio-items">
            {items.map((item, i) => (
              <li key={i}>
                <details>
                  <summary data-focus={`${pointer}/${i}:item`}>{nameOf(item, i)}</summary>
                  <FieldList fields={field.itemFields ?? []} props={item ?? {}} basePath={[...fullPath, i]} pending={pending} busy={busy} onChange={onChange} />
                </details>
                <div className="studio-item-actions">
                  <button
                    type="button"
                    aria-label={`Move ${nameOf(item, i)} up`}
                    disabled={i === 0}
                    onClick={() => setList(swap(items, i, i - 1), `Moved ${field.label} ${i + 1} up`, `${pointer}/${i - 1}:item`)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${nameOf(item, i)} down`}
                    disabled={i === items.length - 1}
                    onClick={() => setList(swap(items, i, i + 1), `Moved ${field.label} ${i + 1} down`, `${pointer}/${i + 1}:item`)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove ${nameOf(item, i)}`}
                    onClick={() =>
                      setList(
                        items.filter((_, j) => j !== i),
                        `Removed ${field.label} ${i + 1}`,
                        `${pointer}:add`,
                      )
                    }
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        {origin?.from === "template" ? null : (
          <button
            type="button"
            data-focus={`${pointer}:add`}
            onClick={() =>
              setList([...items, structuredClone(field.newItem ?? {})], `Added ${field.label} ${items.length + 1}`, `${pointer}/${items.length}:item`)
            }
          >
            Add to {field.label}
          </button>
        )}
        {error}
      </fieldset>
    );
  }
  if (field.kind === "boolean") {
    return (
      <div className="studio-field studio-check">
        <input type="checkbox" {...common} checked={shown === true} onChange={(e) => void onChange(field, basePath, e.target.checked)} />
        <label htmlFor={id}>{field.label}</label>
        {help}
        {originNote}
        {error}
      </div>
    );
  }
  if (field.kind === "enum") {
    return (
      <div className="studio-field">
        <label htmlFor={id}>{field.label}</label>
        <select {...common} value={show(shown)} onChange={(e) => void onChange(field, basePath, e.target.value)}>
          {/* An optional select can go back to "not set"; a required one offers "(choose)" only while it has no value. */}
          {!field.required && !(field.options ?? []).includes("") ? (
            <option value="">(none)</option>
          ) : shown === undefined ? (
            <option value="">(choose)</option>
          ) : null}
          {(field.options ?? []).map((o) => (
            <option key={String(o)} value={String(o)}>
              {String(o) === "" ? "(empty)" : String(o)}
            </option>
          ))}
        </select>
        {help}
        {originNote}
        {error}
      </div>
    );
  }
  if (field.kind === "string-list") {
    const items = Array.isArray(shown) ? (shown as string[]) : [];
    const setList = (next: string[]) => void onChange(field, basePath, next);
    return (
      <fieldset className="studio-group">
        <legend>{field.label}</legend>
        {help}
        {originNote}
        <ol className="studio-list">
          {items.map((item, i) => (
            <li key={`${i}:${item}`}>
              <label htmlFor={`${id}-${i}`} className="visually-hidden">
                {field.label} item {i + 1}
              </label>
              <input
                id={`${id}-${i}`}
                defaultValue={item}

                onBlur={(e) => e.target.value !== item && setList(items.map((v, j) => (j === i ? e.target.value : v)))}
              />
              <button type="button" aria-label={`Move item ${i + 1} up`} disabled={i === 0} onClick={() => setList(swap(items, i, i - 1))}>
                ↑
              </button>
              <button type="button" aria-label={`Move item ${i + 1} down`} disabled={i === items.length - 1} onClick={() => setList(swap(items, i, i + 1))}>
                ↓
              </button>
              <button type="button" aria-label={`Remove item ${i + 1}`} onClick={() => setList(items.filter((_, j) => j !== i))}>
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button type="button" onClick={() => setList([...items, String((Array.isArray(field.example) ? field.example[0] : "") ?? "")])}>
          Add item
        </button>
        {error}
      </fieldset>
    );
  }
  if (field.kind === "other") {
    return (
      <div className="studio-field">
        <p className="studio-label">{field.label}</p>
        {help}
        <p className="studio-help">Edited in the manifest file for now. Currently: {show(shown).slice(0, 120) || "(not set)"}</p>
      </div>
    );
  }
  const commitText = (el: HTMLInputElement | HTMLTextAreaElement) => {
    if (el.value !== (held ? held.raw : show(shown))) void onChange(field, basePath, el.value);
  };
  return (
    <div className="studio-field">
      <label htmlFor={id}>
        {field.label}
        {field.required ? " (required)" : ""}
      </label>
      {field.kind === "color" && typeof shown === "string" ? <span className="studio-swatch" style={{ background: shown }} aria-hidden="true" /> : null}
      {field.kind === "text" ? (
        <textarea key={`${pointer}:${show(current)}`} {...common} defaultValue={held ? held.raw : show(shown)} onBlur={(e) => commitText(e.target)} rows={4} />
      ) : (
        <input
          key={`${pointer}:${show(current)}`}
          {...common}
          type={field.kind === "number" || field.kind === "integer" ? "number" : "text"}
          step={field.kind === "integer" ? 1 : "any"}
          min={field.minimum}
          max={field.maximum}
          // A link offers the site's pages (a native combobox: any other address may still be typed).
          list={field.kind === "link" ? "studio-links" : undefined}
          data-focus={`${pointer}:input`}
          defaultValue={held ? held.raw : show(shown)}
          onBlur={(e) => commitText(e.target)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commitText(e.currentTarget);
            }
          }}
        />
      )}
      {field.kind === "picture" ? <PicturePicker field={field} id={id} shown={shown} onPick={(p) => void onChange(field, basePath, p)} /> : null}
      {help}
      {originNote}
      {error}
      {warning}
    </div>
  );
}

/**
 * Choose a picture from the files under public/ (images only): a button opens the list, each
 * picture a native button with its thumbnail and file name; choosing one writes its path into the
 * field (checked like any change) and closes the list. An https address can still be typed.
 */
function PicturePicker({ field, id, shown, onPick }: { field: Field; id: string; shown: unknown; onPick: (path: string) => void }) {
  const { pictures } = useContext(FormCtx);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const opener = useRef<HTMLButtonElement>(null);
  const shownList = pictures.filter((p) => !filter || p.path.toLowerCase().includes(filter.toLowerCase()));
  return (
    <div className="studio-picker">
      {typeof shown === "string" && shown.startsWith("/") ? <img className="studio-thumb" src={shown} alt="" width={64} height={48} /> : null}
      <button ref={opener} type="button" aria-expanded={open} aria-controls={`${id}-pictures`} onClick={() => setOpen((o) => !o)}>
        {open ? "Close the pictures" : `Choose a picture for ${field.label}`}
      </button>
      {open ? (
        <div id={`${id}-pictures`} className="studio-pictures">
          <label htmlFor={`${id}-filter`}>Filter pictures by name</label>
          <input id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <ul aria-label={`Pictures in public/ for ${field.label}`}>
            {shownList.map((p) => (
              <li key={p.path}>
                <button
                  type="button"
                  aria-pressed={shown === p.path}
                  title={p.path}
                  onClick={() => {
                    setOpen(false);
                    onPick(p.path);
                    opener.current?.focus();
                  }}
                >
                  <img src={p.path} alt="" width={64} height={48} />
                  <span>{p.path}</span>
                </button>
              </li>
            ))}
          </ul>
          {shownList.length === 0 ? <p>No picture matches.</p> : null}
        </div>
      ) : null}
    </div>
  );
}

function swap<T>(items: T[], a: number, b: number): T[] {
  const out = [...items];
  [out[a], out[b]] = [out[b], out[a]];
  return out;
}
