"use client";
import type { StudioSection } from "./studio-types";

/** The site settings besides pages and theme (wording, menus, tiles, locations…), each opening its form. */
export function SectionsNav({ sections, panel, onOpen }: { sections: StudioSection[]; panel: string | null; onOpen: (key: string) => void }) {
  return (
    <nav aria-labelledby="sections-heading">
      <h2 id="sections-heading">Site settings</h2>
      <ul className="studio-sections">
        {sections.map((x) => (
          <li key={x.key}>
            <button type="button" aria-pressed={panel === x.key} data-focus={`section:${x.key}`} onClick={() => onOpen(x.key)}>
              {x.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
