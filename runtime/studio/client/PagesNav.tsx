"use client";
import { useState } from "react";

/** The site's pages (those only in a template marked so), the theme's link, and a form to add a page. */
export function PagesNav(p: {
  routes: string[];
  ownRoutes: string[];
  route: string;
  basePath: string;
  themeOpen: boolean;
  onChoose: (route: string) => void;
  onTheme: () => void;
  /** Resolves true when the page was added (the form is then emptied). */
  onAddPage: (path: string, title: string) => Promise<boolean>;
}) {
  const [newPath, setNewPath] = useState("");
  const [newTitle, setNewTitle] = useState("");
  const addPage = async () => {
    if (await p.onAddPage(newPath, newTitle)) {
      setNewPath("");
      setNewTitle("");
    }
  };
  return (
    <nav aria-labelledby="pages-heading">
      <h2 id="pages-heading">Pages</h2>
      <ul className="studio-routes">
        {p.routes.map((r) => (
          <li key={r}>
            <a
              href={`${p.basePath}?route=${encodeURIComponent(r)}`}
              aria-current={r === p.route ? "page" : undefined}
              onClick={(e) => {
                e.preventDefault();
                p.onChoose(r);
              }}
            >
              {r}
            </a>
            {!p.ownRoutes.includes(r) ? <span className="studio-at"> (template)</span> : null}
          </li>
        ))}
      </ul>
      <p>
        {/* A link, so the theme's form opens before or without scripts too (the page with ?panel=theme); with scripts, at once. */}
        <a
          href={`${p.basePath}?panel=theme&route=${encodeURIComponent(p.route)}#theme-heading`}
          aria-current={p.themeOpen ? "true" : undefined}
          onClick={(e) => {
            e.preventDefault();
            p.onTheme();
          }}
        >
          Edit the theme
        </a>
      </p>
      <details>
        <summary>Add a page</summary>
        <label htmlFor="new-page-path">Path</label>
        <input id="new-page-path" value={newPath} onChange={(e) => setNewPath(e.target.value)} placeholder="/about-us" />
        <label htmlFor="new-page-title">Title</label>
        <input id="new-page-title" value={newTitle} onChange={(e) => setNewTitle(e.target.value)} />
        <button type="button" onClick={() => void addPage()}>
          Add page
        </button>
      </details>
    </nav>
  );
}
