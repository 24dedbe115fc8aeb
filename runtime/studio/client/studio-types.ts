import type { Field } from "../form";

/** A block type as the editor offers it: its form, where it may go, what a new one starts with. */
export interface StudioBlockType {
  type: string;
  title: string;
  description: string;
  within: string[];
  fields: Field[];
  newProps: Record<string, unknown>;
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
