"use client";

import { useReducer, useRef, type Dispatch, type KeyboardEvent } from "react";
import { ArrowIcon } from "@/blocks/shared/carousel/ArrowIcon";
import {
  colourGroups,
  firstIndexOfGroup,
  INITIAL_VIEWER_STATE,
  showGroupTabs,
  tabForKey,
  thumbnails,
  viewerReducer,
  type ViewerAction,
} from "../domain/viewer";
import type { ViewerVariant } from "./types";

interface ColourViewerProps {
  /** Prefix of the element ids (tabs and panel), unique on the page. */
  idBase: string;
  modelName: string;
  variants: ViewerVariant[];
  /**
   * Class names from the block's CSS module, imported by the server component so the stylesheet is linked in the
   * head (no unstyled flash while this code arrives).
   */
  styles: Record<string, string>;
}

type Colour = ViewerVariant["colours"][number];

/** The variant tabs (WAI-ARIA tabs: arrow keys, Home and End move between them and focus the tab). */
function VariantTabs({
  idBase,
  modelName,
  variants,
  selected,
  panelId,
  dispatch,
  styles,
}: {
  idBase: string;
  modelName: string;
  variants: ViewerVariant[];
  selected: number;
  panelId: string;
  dispatch: Dispatch<ViewerAction>;
  styles: Record<string, string>;
}) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const to = tabForKey(event.key, i, variants.length);
    if (to === null) return;
    event.preventDefault();
    dispatch({ type: "variant", variant: to });
    tabRefs.current[to]?.focus();
  };
  return (
    <div role="tablist" aria-label={`${modelName} variants`} className={styles.tabs}>
      {variants.map((v, i) => (
        <button
          key={v.name}
          ref={(el) => {
            tabRefs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${i}`}
          aria-selected={i === selected}
          aria-controls={panelId}
          tabIndex={i === selected ? 0 : -1}
          className={styles.tab}
          onClick={() => dispatch({ type: "variant", variant: i })}
          onKeyDown={(e) => onTabKey(e, i)}
        >
          {v.name}
        </button>
      ))}
    </div>
  );
}

/** The large picture of the chosen colour between wrapping arrows, with its swatch, name and position. */
function ColourStage({
  alt,
  colour,
  index,
  count,
  dispatch,
  styles,
}: {
  alt: string;
  colour: Colour;
  index: number;
  count: number;
  dispatch: Dispatch<ViewerAction>;
  styles: Record<string, string>;
}) {
  const multiple = count > 1;
  return (
    <figure className={styles.stage}>
      <div className={styles.frame}>
        {multiple ? (
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label="Previous colour"
            onClick={() => dispatch({ type: "step", step: -1, count })}
          >
            <ArrowIcon direction="prev" />
          </button>
        ) : null}
        <img className={styles.picture} src={colour.picture} alt={alt} width={800} height={600} decoding="async" />
        {multiple ? (
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="Next colour"
            onClick={() => dispatch({ type: "step", step: 1, count })}
          >
            <ArrowIcon direction="next" />
          </button>
        ) : null}
      </div>
      <figcaption className={styles.caption} aria-live="polite">
        <span className={styles.swatch} style={{ background: colour.hexCode }} aria-hidden="true" />
        <span>{colour.name}</span>
        {multiple ? <span className={styles.count}>{`${index + 1} of ${count}`}</span> : null}
      </figcaption>
    </figure>
  );
}

/**
 * The colour and variant viewer: variant tabs (WAI-ARIA tabs, arrow keys move between them), a large picture of
 * the chosen colour with its name, previous/next arrows that wrap, body-style group buttons for long colour lists
 * and thumbnails for colours with a photo. The picture box has a fixed ratio, so nothing moves when it changes.
 */
export function ColourViewer({ idBase, modelName, variants, styles }: ColourViewerProps) {
  const [state, dispatch] = useReducer(viewerReducer, INITIAL_VIEWER_STATE);
  const variant = variants[state.variant] ?? variants[0];
  const colours = variant?.colours ?? [];
  const colour = colours[state.index] ?? colours[0];
  const groups = showGroupTabs(colours) ? colourGroups(colours) : [];
  const thumbs = thumbnails(colours);

  const panelId = `${idBase}-panel`;
  return (
    <div className={styles.viewer}>
      {variants.length > 1 ? (
        <VariantTabs idBase={idBase} modelName={modelName} variants={variants} selected={state.variant} panelId={panelId} dispatch={dispatch} styles={styles} />
      ) : null}
      <div id={panelId} className={styles.panel} {...(variants.length > 1 ? { role: "tabpanel", "aria-labelledby": `${idBase}-tab-${state.variant}` } : {})}>
        {groups.length > 0 ? (
          <div role="group" aria-label="Body style" className={styles.groups}>
            {groups.map((g) => (
              <button
                key={g}
                type="button"
                className={styles.group}
                aria-pressed={colour?.oem_id === g}
                onClick={() => dispatch({ type: "select", index: Math.max(0, firstIndexOfGroup(colours, g)) })}
              >
                {g}
              </button>
            ))}
          </div>
        ) : null}
        {colour ? (
          <ColourStage
            alt={`${modelName} ${variant.name} in ${colour.name}`}
            colour={colour}
            index={state.index}
            count={colours.length}
            dispatch={dispatch}
            styles={styles}
          />
        ) : null}
        {thumbs.length > 1 ? (
          <ul className={styles.thumbs} aria-label="Colours">
            {thumbs.map(({ index, colour: c }) => (
              <li key={`${c.name}-${index}`}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-label={c.name}
                  aria-current={index === state.index ? "true" : undefined}
                  onClick={() => dispatch({ type: "select", index })}
                >
                  <img className={styles.thumbImage} src={c.photo_url} alt="" width={96} height={72} loading="lazy" decoding="async" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
