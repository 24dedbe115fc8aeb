"use client";
import type { ReactNode } from "react";
import { getAt, pointerOf, type Path } from "../ops";
import type { Field } from "../form";
import { FieldList } from "./fields/FieldList";
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
}: {
  id: string;
  title: ReactNode;
  help?: string;
  fields: Field[];
  props: Record<string, unknown>;
  basePath: Path;
  focusable: boolean;
}) {
  return (
    <section aria-labelledby={id} className="studio-form">
      <h2 id={id} {...(focusable ? { tabIndex: -1, "data-focus": "panel-heading" } : {})}>
        {title}
      </h2>
      <p className="studio-help">{help}</p>
      <FieldList fields={fields} props={props} basePath={basePath} />
    </section>
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
}: {
  value: unknown;
  panel: string | null;
  selected: Path | null;
  sections: StudioSection[];
  themeFields: Field[];
  blockTypes: StudioBlockType[];
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
  if (panel === "theme")
    return (
      <FormSection
        id="theme-heading"
        title="Theme"
        help="Colours, fonts and logo of the whole site. A value left out here comes from the template or the default."
        fields={themeFields}
        props={objectAt(value, ["theme"])}
        basePath={["theme"]}
        focusable
      />
    );
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
