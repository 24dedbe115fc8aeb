"use client";
import { addBlockChange, blocksPathOf, type Change } from "../editor-changes";
import { blockTree, type Path } from "../ops";
import { originOf, type TemplateValue } from "../template-origin";
import { AddBlock } from "./AddBlock";
import { BlockList } from "./BlockList";
import type { StudioBlockType } from "./studio-types";

/**
 * The chosen page's blocks: a page that only its template has is shown read-only with Override;
 * one the dealer's file replaces offers Reset to template; otherwise the block tree and Add block.
 */
export function BlocksPanel({
  value,
  templates,
  route,
  selected,
  blockTypes,
  onSelect,
  onChange,
  onSet,
}: {
  value: unknown;
  templates: TemplateValue[];
  route: string;
  selected: Path | null;
  blockTypes: StudioBlockType[];
  onSelect: (p: Path) => void;
  onChange: (change: Change) => Promise<boolean>;
  onSet: (path: Path, next: unknown, what: string) => Promise<boolean>;
}) {
  const routeOrigin = originOf(value, templates, ["routes", route]);
  const fromTemplate = routeOrigin.from === "template";
  const tree = blockTree(value, blocksPathOf(route));
  return (
    <section aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">Blocks on {route}</h2>
      {fromTemplate ? (
        <div className="studio-origin">
          <p>
            This page comes from the template <strong>{routeOrigin.template}</strong>. Override it to change its blocks for this dealer.
          </p>
          <ol className="studio-tree">
            {blockTree(routeOrigin.templateValue ? { r: routeOrigin.templateValue } : {}, ["r", "blocks"]).map((n) => (
              <li key={n.index}>{n.type}</li>
            ))}
          </ol>
          <button type="button" onClick={() => void onSet(["routes", route], structuredClone(routeOrigin.templateValue), `Overrode ${route}`)}>
            Override this page
          </button>
        </div>
      ) : routeOrigin.template ? (
        <p className="studio-origin">
          The template <strong>{routeOrigin.template}</strong> has this page too; this dealer&apos;s version replaces it.{" "}
          <button type="button" onClick={() => void onSet(["routes", route], undefined, `Reset ${route} to the template`)}>
            Reset page to template
          </button>
        </p>
      ) : null}
      {fromTemplate ? null : tree.length === 0 ? (
        <p>This page has no blocks yet.</p>
      ) : (
        <BlockList nodes={tree} selected={selected} value={value} onSelect={onSelect} onChange={onChange} />
      )}
      <AddBlock
        value={value}
        selected={selected}
        blockTypes={blockTypes}
        hidden={fromTemplate}
        onAdd={(block) => void onChange(addBlockChange(value, route, selected, block))}
      />
    </section>
  );
}
