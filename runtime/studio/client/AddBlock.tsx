"use client";
import { useState } from "react";
import { addableTypes } from "../editor-changes";
import type { Path } from "../ops";
import type { StudioBlockType } from "./studio-types";

/** A select of the block types that may go there (after the chosen block, else at the page's end) and Add block. */
export function AddBlock({
  value,
  selected,
  blockTypes,
  hidden,
  onAdd,
}: {
  value: unknown;
  selected: Path | null;
  blockTypes: StudioBlockType[];
  hidden: boolean;
  onAdd: (block: StudioBlockType) => void;
}) {
  const [addType, setAddType] = useState("hero");
  const add = () => {
    const t = blockTypes.find((b) => b.type === addType);
    if (t) onAdd(t);
  };
  return (
    <div className="studio-add" hidden={hidden}>
      <label htmlFor="add-block-type">Block to add {selected ? "after the chosen block" : "at the end of the page"}</label>
      <select id="add-block-type" data-focus="add" value={addType} onChange={(e) => setAddType(e.target.value)}>
        {addableTypes(value, selected, blockTypes).map((b) => (
          <option key={b.type} value={b.type}>
            {b.type}
          </option>
        ))}
      </select>
      <button type="button" onClick={add}>
        Add block
      </button>
    </div>
  );
}
