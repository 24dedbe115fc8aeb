"use client";
import type { ReactNode } from "react";
import { getAt, pointerOf, type Path } from "../ops";
import type { Field } from "../form";
import { FORM_VERSION_FIELD } from "../theme-form";
import { FieldList } from "./fields/FieldList";
import { useHydrated } from "@/runtime/use-hydrated";
import type { StudioBlockType, StudioSection } from "./studio-types";

const objectAt = (value: unknown, path: Path) => (getAt(value, path) as Record<string, unknown> | undefined) ?? {};

function FormSection({
  id,
  title,
  help,
  fields,
  props,
  basePath,
  focusable,
  note,
}: {
  id: string;
  title: ReactNode;
  help?: string;
  fields: Field[];
  props: Record<string, unknown>;
  basePath: Path;
  focusable: boolean;
  /** What the last plain-form post did: an alert when refused, else a status. */
  note?: { text: string; refused: boolean };
}) {
  return (
    <section aria-labelledby={id} className="studio-form">
      <h2 id={id} {...(focusable ? { tabIndex: -1, "data-focus": "panel-heading" } : {})}>
        {title}
      </h2>
      <p className="studio-help">{help}</p>
      {note ? (
        <p role={note.refused ? "alert" : "status"} className={note.refused ? "studio-field-error" : "studio-upload-status"}>
          {note.text}
        </p>
      ) : null}
      <FieldList fields={fields} props={props} basePath={basePath} />
    </section>
  );
}

/** Where the theme's plain form posts, the version of the site it was read from, and what its last post did. */
export interface ThemeFormTarget {
  action: string;
  version: string;
  note?: string;
  /** The last post was refused (the note is an alert). */
  refused?: boolean;
}

/**
 * The theme's fields in a plain form: before or without scripts, "Save the theme" posts them to
 * {basePath}/theme (checked as the editor's save, then back here saying what happened); once the
 * editor's script runs, each field is a change of the working copy as everywhere else, and the
 * post is never sent.
 */
function ThemeForm({ value, themeFields, form }: { value: unknown; themeFields: Field[]; form: ThemeFormTarget }) {
  const hydrated = useHydrated();
  return (
    <form method="post" action={form.action} noValidate onSubmit={(e) => e.preventDefault()}>
      <input type="hidden" name={FORM_VERSION_FIELD} value={form.version} />
      <FormSection
        id="theme-heading"
        title="Theme"
        help="Colours, fonts and logo of the whole site. A value left out here comes from the template or the default."
        fields={themeFields}
        props={objectAt(value, ["theme"])}
        basePath={["theme"]}
        focusable
        note={form.note ? { text: form.note, refused: Boolean(form.refused) } : undefined}
      />
      {hydrated ? null : <button type="submit">Save the theme</button>}
    </form>
  );
}

/** The open form: a site-settings section's, the theme's, or the chosen block's props; else a hint to choose a block. */
export function SettingsPanel({
  value,
  panel,
  selected,
  sections,
  themeFields,
  blockTypes,
  themeForm,
}: {
  value: unknown;
  panel: string | null;
  selected: Path | null;
  sections: StudioSection[];
  themeFields: Field[];
  blockTypes: StudioBlockType[];
  themeForm: ThemeFormTarget;
}) {
  const section = sections.find((x) => x.key === panel);
  if (section)
    return (
      <FormSection
        id="section-heading"
        title={section.label}
        help={section.help}
        fields={section.fields}
        props={objectAt(value, section.basePath)}
        basePath={section.basePath}
        focusable
      />
    );
  if (panel === "theme") return <ThemeForm value={value} themeFields={themeFields} form={themeForm} />;
  const node = selected ? (getAt(value, selected) as { type?: string; props?: Record<string, unknown> } | undefined) : undefined;
  if (selected && node?.type) {
    const blockType = blockTypes.find((b) => b.type === node.type);
    return (
      <FormSection
        id="props-heading"
        title={
          <>
            {node.type} <span className="studio-at">at {pointerOf(selected)}</span>
          </>
        }
        help={blockType?.description}
        fields={blockType?.fields ?? []}
        props={node.props ?? {}}
        basePath={[...selected, "props"]}
        focusable={false}
      />
    );
  }
  return <p>Choose a block to edit its settings.</p>;
}
