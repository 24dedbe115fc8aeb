/**
 * The names a lead form's plain post (before JavaScript) uses beside the lead's own fields, shared
 * by the server-rendered form and the lead API (form-post.ts). No lead field starts with "_". Pure.
 */
export const PLAIN_FIELDS = { fixed: "_lead", form: "_form", back: "_back", key: "_key" } as const;
