"use client";
/**
 * The studio's one client island, imported only by the studio's page: shoppers' pages never load
 * it. It holds the manifest value as written in the file (a dealer's, a draft's or a template's:
 * `basePath` is /studio/{dealer}, /studio/drafts/{name} or /studio/templates/{name}), sends each
 * change to {basePath}/check (the platform's own pipeline: precompiled validators and rules, no
 * eval), keeps every change in the working copy (a new item with fields still to fill is a to-do
 * shown at those fields), reloads the preview frame (the working copy on its preview host) once the
 * newest version passes, and saves through {basePath}/save after showing the diff.
 *
 * This component only wires the parts: the state and its rules are the pure reducer of
 * ../editor-state.ts, the changes are described by ../editor-changes.ts, the server round trips
 * are in use-studio.ts, and each panel and each kind of field is a component of its own.
 */
import { useCallback, useMemo, useRef, useState } from "react";
import type { Field } from "../form";
import type { Picture } from "../pictures";
import type { TemplateValue } from "../template-origin";
import { isUnsaved, redoable, undoable, valueOf, type EditorProblem, type PendingInput } from "../editor-state";
import { ownRoutesOf, previewPathOf, siteRoutesOf } from "../editor-changes";
import { FormCtx, type FormContext } from "./form-context";
import { useFocusAfterRender, useLeaveGuard, useStudio, useUndoKeys, type StudioStart } from "./use-studio";
import { useEditorCommands } from "./use-editor-commands";
import { EditorBar } from "./EditorBar";
import { ReviewPanel } from "./ReviewPanel";
import { ProblemList } from "./ProblemList";
import { GoLiveList } from "./GoLiveList";
import { UsedBy, type TemplateUser } from "./UsedBy";
import { PagesNav } from "./PagesNav";
import { SectionsNav } from "./SectionsNav";
import { BlocksPanel } from "./BlocksPanel";
import { SettingsPanel, type ThemeFormTarget } from "./SettingsPanel";
import { PreviewPane } from "./PreviewPane";
import { LINK_CHOICES_ID } from "./fields/LinkField";
import type { StudioBlockType, StudioSection } from "./studio-types";
import { useDealerTools } from "./use-publish";
import { PictureUploads } from "./LogoUpload";
import { useKeptPress } from "./use-kept-press";

export type { StudioBlockType, StudioSection } from "./studio-types";

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
  initialWarnings: EditorProblem[];
  /** A concrete address for a pattern route ("/cars/[slug]" → one of the dealer's cars). */
  previewPaths: Record<string, string>;
  previewBase: string;
  /** A draft's own preview host (what is saved), linked beside the working copy's frame. */
  ownPreview?: string;
  /** The stock feed screen of a dealer or a draft (/studio/{dealer}/feed, /studio/drafts/{name}/feed), linked from the bar. */
  feedPath?: string;
  /** Whether the theme offers picture uploads (logo, favicon): a dealer's and a draft's do, a template's not (it has no pictures of its own). */
  uploads?: boolean;
  /** What the last plain-form picture upload did (?upload= in the address). */
  uploadNote?: string;
  /** The theme's plain form: the version of the site it was read from and what its last post did. */
  themeForm: Omit<ThemeFormTarget, "action">;
  /** The settings panel open at first (?panel=theme). */
  initialPanel?: string;
  /** A refused theme post shown again: its problems and the inputs that did not parse. */
  initialProblems?: EditorProblem[];
  initialPending?: Record<string, PendingInput>;
  initialLastPointer?: string;
  /** A template's users (dealers and drafts extending it, directly or not), each with its studio page. */
  usedBy?: TemplateUser[];
  /** A dealer's live version the text was read from (null: none yet); undefined for drafts and templates. */
  liveId?: number | null;
}

/**
 * What the editor opens on: the file's value (or a refused theme post's, with its problems), and
 * the theme's panel after a plain-form logo upload or theme post, or when the address asks for it.
 */
function editorStart(p: Props): StudioStart {
  return {
    baseText: p.baseText,
    value: p.initialValue,
    route: p.initialRoute,
    warnings: p.initialWarnings,
    panel: p.uploadNote || p.themeForm.note ? "theme" : p.initialPanel,
    problems: p.initialProblems,
    pending: p.initialPending,
    lastPointer: p.initialLastPointer,
  };
}

/** The site's own pages, offered as every link field is typed in. */
function LinkChoices({ choices }: { choices: string[] }) {
  return (
    <datalist id={LINK_CHOICES_ID}>
      {choices.map((l) => (
        <option key={l} value={l} />
      ))}
    </datalist>
  );
}

export function StudioEditor(p: Props) {
  const { slug, kindWords, basePath, fileName, blockTypes, templates, usedBy } = p;
  // Pictures uploaded while the editor is open join the list at once (newest first, as the server lists them).
  const [pictures, setPictures] = useState(p.pictures);
  const onPictureStored = useCallback((picture: Picture) => setPictures((list) => (list.some((x) => x.path === picture.path) ? list : [picture, ...list])), []);
  const focusOn = useFocusAfterRender();
  const savedWords = kindWords === "" ? "live" : usedBy ? "users" : "file";
  const { state, dispatch, apply, undo, redo, save } = useStudio(editorStart(p), { basePath, fileName, savedWords }, focusOn);
  const dealerTools = useDealerTools({ ...p, state, dispatch, apply, savedWords });
  const { route, selected, panel, pending, warnings, fieldErrors } = state;
  const value = valueOf(state);
  const unsaved = useMemo(() => isUnsaved(state.baseText, value), [state.baseText, value]);
  const confirmLeave = useLeaveGuard(unsaved);
  useUndoKeys(undo, redo);
  const routes = siteRoutesOf(value, p.siteRoutes, templates);
  const closeReview = () => dispatch({ type: "close-review" });
  const editorRoot = useRef<HTMLDivElement>(null);
  useKeptPress(editorRoot);

  const { chooseRoute, addPage, openPanel, select, changeField, setAtPath } = useEditorCommands({ state, dispatch, apply, basePath, routes, focusOn });
  const formContext = useMemo<FormContext>(
    () => ({ value, templates, pictures, warnings, pending, fieldErrors, onChange: changeField, onSet: setAtPath }),
    [value, templates, pictures, warnings, pending, fieldErrors, changeField, setAtPath],
  );

  return (
    <div className="studio" ref={editorRoot}>
      <EditorBar
        kindWords={kindWords}
        slug={slug}
        fileName={fileName}
        canUndo={undoable(state)}
        canRedo={redoable(state)}
        unsaved={unsaved}
        busy={state.busy}
        status={state.status}
        onUndo={() => void undo()}
        onRedo={() => void redo()}
        onReview={() => dispatch({ type: "review", fileName })}
        confirmLeave={confirmLeave}
        feedPath={p.feedPath}
        publish={dealerTools?.publish(unsaved)}
      />
      {state.review ? (
        <ReviewPanel fileName={fileName} lines={state.review} onSave={() => void save()} onClose={closeReview} publish={dealerTools?.review(unsaved)} />
      ) : null}
      <div className="studio-grid">
        <main id="main" className="studio-side">
          {/* In the scrolling column: as these lists grow, scroll anchoring keeps the fields in view still. */}
          <ProblemList problems={state.problems} current={state.checkedVersion === state.version} value={value} />
          <GoLiveList problems={warnings} />
          <h1>
            Edit {kindWords}
            {slug}
          </h1>
          {usedBy ? <UsedBy users={usedBy} confirmLeave={confirmLeave} /> : null}
          <PagesNav
            routes={routes}
            ownRoutes={ownRoutesOf(value)}
            route={route}
            basePath={basePath}
            themeOpen={panel === "theme"}
            onChoose={chooseRoute}
            onTheme={() => openPanel("theme")}
            onAddPage={addPage}
          />
          <SectionsNav sections={p.sections} panel={panel} onOpen={openPanel} />
          <BlocksPanel
            value={value}
            templates={templates}
            route={route}
            selected={selected}
            blockTypes={blockTypes}
            onSelect={select}
            onChange={apply}
            onSet={setAtPath}
          />
          <LinkChoices choices={p.linkChoices} />
          {panel === "theme" && p.uploads ? (
            <PictureUploads basePath={basePath} slug={slug} value={value} apply={apply} onStored={onPictureStored} note={p.uploadNote} />
          ) : null}
          <FormCtx.Provider value={formContext}>
            <SettingsPanel
              {...{ value, panel, selected, blockTypes }}
              sections={p.sections}
              themeFields={p.themeFields}
              themeForm={{ ...p.themeForm, action: `${basePath}/theme` }}
            />
          </FormCtx.Provider>
          {dealerTools?.history}
        </main>
        <PreviewPane
          route={route}
          previewPath={previewPathOf(route, p.previewPaths)}
          previewBase={p.previewBase}
          reloadKey={state.previewKey}
          ownPreview={p.ownPreview}
          usedBy={usedBy}
        />
      </div>
    </div>
  );
}
