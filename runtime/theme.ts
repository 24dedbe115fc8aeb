import type { DealerManifest } from "./generated/types";

/** The manifest's theme as CSS custom properties (no per-dealer CSS or code). */
export function themeVariables(theme: DealerManifest["theme"]): Record<string, string> {
  const c = theme.colors;
  const vars: Record<string, string | undefined> = {
    "--color-primary": c.primary,
    "--color-primary-contrast": c.primaryContrast,
    "--color-accent": c.accent ?? c.primary,
    "--color-accent-contrast": c.accentContrast ?? c.primaryContrast,
    "--color-bg": c.background,
    "--color-surface": c.surface,
    "--color-text": c.text,
    "--color-muted": c.muted,
    "--color-border": c.border,
    "--color-header-bg": c.headerBackground ?? c.background,
    "--color-header-text": c.headerText ?? c.text,
    "--color-footer-bg": c.footerBackground ?? "#15171a",
    "--color-footer-text": c.footerText ?? "#f2f3f5",
    "--font-heading": theme.fonts?.heading,
    "--font-body": theme.fonts?.body,
    "--radius": theme.radius,
    "--button-radius": theme.buttonStyle === "pill" ? "999px" : theme.radius,
  };
  return Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** A `:root{...}` rule; values come from a schema that only admits hex colours, lengths and font stacks, and are escaped anyway. */
export function themeStyleSheet(theme: DealerManifest["theme"]): string {
  const body = Object.entries(themeVariables(theme))
    .map(([k, v]) => `${k}:${v.replace(/[<>{};\\]/g, "")}`)
    .join(";");
  return `:root{${body}}`;
}
