"use client";

import { useReducer, useRef, type KeyboardEvent } from "react";
import { ArrowIcon } from "@/blocks/shared/carousel/ArrowIcon";
import { colourGroups, firstIndexOfGroup, INITIAL_VIEWER_STATE, showGroupTabs, thumbnails, viewerReducer, wrapIndex } from "../domain/viewer";
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

/**
 * The colour and variant viewer: variant tabs (WAI-ARIA tabs, arrow keys move between them), a large picture of
 * the chosen colour with its name, previous/next arrows that wrap, body-style group buttons for long colour lists
 * and thumbnails for colours with a photo. The picture box has a fixed ratio, so nothing moves when it changes.
 */
export function ColourViewer({ idBase, modelName, variants, styles }: ColourViewerProps) {
  const [state, dispatch] = useReducer(viewerReducer, INITIAL_VIEWER_STATE);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const variant = variants[state.variant] ?? variants[0];
  const colours = variant?.colours ?? [];
  const colour = colours[state.index] ?? colours[0];
  const groups = showGroupTabs(colours) ? colourGroups(colours) : [];
  const thumbs = thumbnails(colours);
  const multiple = colours.length > 1;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    let to: number | null = null;
    if (event.key === "ArrowRight") to = wrapIndex(i, 1, variants.length);
    else if (event.key === "ArrowLeft") to = wrapIndex(i, -1, variants.length);
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = variants.length - 1;
    if (to === null) return;
    event.preventDefault();
    dispatch({ type: "variant", variant: to });
    tabRefs.current[to]?.focus();
  };

  const panelId = `${idBase}-panel`;
  return (
    <div className={styles.viewer}>
      {variants.length > 1 ? (
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
              aria-selected={i === state.variant}
              aria-controls={panelId}
              tabIndex={i === state.variant ? 0 : -1}
              className={styles.tab}
              onClick={() => dispatch({ type: "variant", variant: i })}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {v.name}
            </button>
          ))}
        </div>
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
          <figure className={styles.stage}>
            <div className={styles.frame}>
              {multiple ? (
                <button
                  type="button"
                  className={`${styles.arrow} ${styles.prev}`}
                  aria-label="Previous colour"
                  onClick={() => dispatch({ type: "step", step: -1, count: colours.length })}
                >
                  <ArrowIcon direction="prev" />
                </button>
              ) : null}
              <img
                className={styles.picture}
                src={colour.picture}
                alt={`${modelName} ${variant.name} in ${colour.name}`}
                width={800}
                height={600}
                decoding="async"
              />
              {multiple ? (
                <button
                  type="button"
                  className={`${styles.arrow} ${styles.next}`}
                  aria-label="Next colour"
                  onClick={() => dispatch({ type: "step", step: 1, count: colours.length })}
                >
                  <ArrowIcon direction="next" />
                </button>
              ) : null}
            </div>
            <figcaption className={styles.caption} aria-live="polite">
              <span className={styles.swatch} style={{ background: colour.hexCode }} aria-hidden="true" />
              <span>{colour.name}</span>
              {multiple ? <span className={styles.count}>{`${state.index + 1} of ${colours.length}`}</span> : null}
            </figcaption>
          </figure>
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
