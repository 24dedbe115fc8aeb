import type { Model } from "@/runtime/generated/types";

type Colour = NonNullable<Model["colours"]>[number];
/** What the grouping and thumbnail rules read of a colour (a catalogue record or the viewer's copy of one). */
type Grouped = Pick<Colour, "oem_id">;
type Photographed = Pick<Colour, "photo_url">;

/** Colour group tabs appear at this many distinct groups or more… */
export const GROUP_TABS_MIN_GROUPS = 3;
/** …and more than this many colours. */
export const GROUP_TABS_MIN_COLOURS_EXCLUSIVE = 15;

/**
 * The colours shown for a variant: its own records (model_variant_name), or, when it has none, the records that name
 * no variant.
 */
export function coloursForVariant(colours: readonly Colour[], variantName: string): Colour[] {
  const own = colours.filter((c) => c.model_variant_name === variantName);
  return own.length > 0 ? own : colours.filter((c) => !c.model_variant_name);
}

/** The next index after `step` (+1 or -1) arrows, wrapping at both ends; 0 for an empty list. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** The tab a key moves to in a row of `count` tabs (arrows wrap, Home and End), or null for any other key. */
export function tabForKey(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return wrapIndex(index, 1, count);
  if (key === "ArrowLeft") return wrapIndex(index, -1, count);
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/** Distinct body-style groups (oem_id), in order of first appearance. */
export function colourGroups(colours: readonly Grouped[]): string[] {
  const seen: string[] = [];
  for (const c of colours) if (c.oem_id && !seen.includes(c.oem_id)) seen.push(c.oem_id);
  return seen;
}

/** Group tabs show with 3 or more groups and more than 15 colours. */
export function showGroupTabs(colours: readonly Grouped[]): boolean {
  return colours.length > GROUP_TABS_MIN_COLOURS_EXCLUSIVE && colourGroups(colours).length >= GROUP_TABS_MIN_GROUPS;
}

/** Choosing a group jumps to its first colour (index in the list); -1 when none. */
export function firstIndexOfGroup(colours: readonly Grouped[], group: string): number {
  return colours.findIndex((c) => c.oem_id === group);
}

/** Thumbnails: only colours with a photo, with their index in the full list (arrows still step through all). */
export function thumbnails<C extends Photographed>(colours: readonly C[]): { index: number; colour: C }[] {
  return colours.flatMap((colour, index) => (colour.photo_url ? [{ index, colour }] : []));
}

/** The picture for a colour: its photo, else the variant's picture, else the model's. */
export function pictureFor(colour: Colour | undefined, variant: Model["variants"][number] | undefined, model: Pick<Model, "image">): string | undefined {
  return colour?.photo_url ?? variant?.image?.url ?? model.image?.url;
}

/** The viewer's state: which variant tab and which colour within that variant's list. */
export interface ViewerState {
  variant: number;
  index: number;
}

export type ViewerAction = { type: "variant"; variant: number } | { type: "step"; step: 1 | -1; count: number } | { type: "select"; index: number };

/** First variant and first image at the start; changing variant resets to the first image. */
export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case "variant":
      return action.variant === state.variant ? state : { variant: action.variant, index: 0 };
    case "step":
      return { ...state, index: wrapIndex(state.index, action.step, action.count) };
    case "select":
      return { ...state, index: action.index };
  }
}

export const INITIAL_VIEWER_STATE: ViewerState = { variant: 0, index: 0 };
