import path from "node:path";
import type { GoLiveRule } from "../types";

/** The `$schema` path from the manifest's folder to the composed schema, with forward slashes (as JSON editors read it). */
export function schemaPathFor(file: string, schemaFile: string): string {
  return path.relative(path.dirname(file), schemaFile).split(path.sep).join("/");
}

/** The `$schema` a manifest kept in this folder of the repository writes: manifests/ itself or its drafts/. */
export function manifestSchemaRef(folder: "manifests" | "manifests/drafts"): string {
  return schemaPathFor(path.join(folder, "dealer.json"), path.join("schemas", "manifest.schema.json"));
}

/**
 * `$schema` lets an editor check the manifest as it is typed. A path that does not lead to the
 * schema (a file copied from another folder, such as a draft published into manifests/) checks
 * nothing, silently.
 */
export const schemaPath: GoLiveRule = {
  id: "schema-path",
  description: "`$schema` points to the platform's manifest schema.",
  check({ written, file, schemaFile }) {
    const value = written.$schema;
    const expected = schemaPathFor(file, schemaFile);
    const hint = `set "$schema" to "${expected}"`;
    if (value === undefined) return [{ pointer: "/$schema", severity: "warning", message: "No $schema: editors cannot check this file as it is typed", hint }];
    if (typeof value === "string" && !/^[a-z]+:\/\//i.test(value) && path.resolve(path.dirname(file), value) === path.resolve(schemaFile)) return [];
    return [
      {
        pointer: "/$schema",
        severity: "warning",
        message: `$schema points to ${JSON.stringify(value)}, which is not the manifest schema from this file's folder: editors check nothing against it`,
        hint,
      },
    ];
  },
};
