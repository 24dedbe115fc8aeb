"use client";
export interface TemplateUser {
  kind: "dealer" | "draft";
  name: string;
  href: string;
}

/** A template's users (dealers and drafts extending it), each a link to its own studio page. */
export function UsedBy({ users, confirmLeave }: { users: TemplateUser[]; confirmLeave: (e: { preventDefault: () => void }) => void }) {
  return (
    <p className="studio-used-by">
      Used by:{" "}
      {users.length
        ? users.map((u, i) => (
            <span key={`${u.kind}:${u.name}`}>
              {i ? ", " : ""}
              <a href={u.href} onClick={confirmLeave}>
                {u.name}
              </a>
              {u.kind === "draft" ? " (draft)" : ""}
            </span>
          ))
        : "no dealer or draft yet."}
    </p>
  );
}
