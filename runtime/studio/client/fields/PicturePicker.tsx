"use client";
import { useRef, useState } from "react";
import type { Field } from "../../form";
import { useFormContext } from "../form-context";

/**
 * Choose a picture from the files under public/ (images only): a button opens the list, each
 * picture a native button with its thumbnail and file name; choosing one writes its path into the
 * field (checked like any change) and closes the list. An https address can still be typed.
 */
export function PicturePicker({ field, id, shown, onPick }: { field: Field; id: string; shown: unknown; onPick: (path: string) => void }) {
  const { pictures } = useFormContext();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState("");
  const opener = useRef<HTMLButtonElement>(null);
  const shownList = pictures.filter((p) => !filter || p.path.toLowerCase().includes(filter.toLowerCase()));
  return (
    <div className="studio-picker">
      {typeof shown === "string" && shown.startsWith("/") ? <img className="studio-thumb" src={shown} alt="" width={64} height={48} /> : null}
      <button ref={opener} type="button" aria-expanded={open} aria-controls={`${id}-pictures`} onClick={() => setOpen((o) => !o)}>
        {open ? "Close the pictures" : `Choose a picture for ${field.label}`}
      </button>
      {open ? (
        <div id={`${id}-pictures`} className="studio-pictures">
          <label htmlFor={`${id}-filter`}>Filter pictures by name</label>
          <input id={`${id}-filter`} value={filter} onChange={(e) => setFilter(e.target.value)} />
          <ul aria-label={`Pictures in public/ for ${field.label}`}>
            {shownList.map((p) => (
              <li key={p.path}>
                <button
                  type="button"
                  aria-pressed={shown === p.path}
                  title={p.path}
                  onClick={() => {
                    setOpen(false);
                    onPick(p.path);
                    opener.current?.focus();
                  }}
                >
                  <img src={p.path} alt="" width={64} height={48} />
                  <span>{p.path}</span>
                </button>
              </li>
            ))}
          </ul>
          {shownList.length === 0 ? <p>No picture matches.</p> : null}
        </div>
      ) : null}
    </div>
  );
}
