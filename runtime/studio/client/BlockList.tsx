"use client";
import type { KeyboardEvent as ReactKeyboardEvent } from "react";
import { blockChange, type BlockOp, type Change } from "../editor-changes";
import { pointerOf, type Path, type TreeNode } from "../ops";

/**
 * A list of blocks (a page's, or a slot's, nested): each block's name chooses it, and buttons
 * move, duplicate or remove it; Alt+Arrow keys on the name move it as the buttons do.
 */
export function BlockList({
  nodes,
  selected,
  value,
  onSelect,
  onChange,
}: {
  nodes: TreeNode[];
  selected: Path | null;
  value: unknown;
  onSelect: (p: Path) => void;
  onChange: (change: Change) => Promise<boolean>;
}) {
  const sel = selected ? pointerOf(selected) : "";
  return (
    <ol className="studio-tree">
      {nodes.map((n) => {
        const name = `${n.type} ${n.index + 1}`;
        const at = pointerOf(n.path);
        const run = (op: BlockOp, focusOn?: "pick") => {
          const change = blockChange(value, n, op, focusOn);
          if (change) void onChange(change);
        };
        const keys = (e: ReactKeyboardEvent) => {
          if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
          const change = blockChange(value, n, e.key === "ArrowUp" ? "up" : "down", "pick");
          if (!change) return;
          e.preventDefault();
          void onChange(change);
        };
        return (
          <li key={at} data-block={n.type}>
            <div className="studio-node">
              <button
                type="button"
                className="studio-pick"
                data-focus={`${at}:pick`}
                aria-pressed={sel === at}
                onClick={() => onSelect(n.path)}
                onKeyDown={keys}
              >
                {n.type}
              </button>
              <button type="button" aria-label={`Move ${name} up`} data-focus={`${at}:up`} disabled={n.index === 0} onClick={() => run("up")}>
                ↑
              </button>
              <button
                type="button"
                aria-label={`Move ${name} down`}
                data-focus={`${at}:down`}
                disabled={n.index === nodes.length - 1}
                onClick={() => run("down")}
              >
                ↓
              </button>
              <button type="button" aria-label={`Duplicate ${name}`} onClick={() => run("duplicate")}>
                Duplicate
              </button>
              <button type="button" aria-label={`Remove ${name}`} onClick={() => run("remove")}>
                Remove
              </button>
            </div>
            {n.slots.map((s) => (
              <div key={s.name} className="studio-slot">
                <p>Slot {s.name}</p>
                <BlockList nodes={s.children} selected={selected} value={value} onSelect={onSelect} onChange={onChange} />
              </div>
            ))}
          </li>
        );
      })}
    </ol>
  );
}
