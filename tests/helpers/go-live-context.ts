/** A go-live rule's context around the test fixture manifest (tests/helpers/manifest-fixture.ts). */
import path from "node:path";
import type { GoLiveContext } from "../../runtime/manifest/go-live/types";
import { minimalManifest, REPO_MANIFESTS, REPO_PUBLIC, REPO_ROOT, schemaValidManifest } from "./manifest-fixture";

export function goLiveContext(edit?: (m: Record<string, any>) => void, extra: Partial<GoLiveContext> = {}): GoLiveContext {
  const written = minimalManifest();
  edit?.(written);
  return {
    manifest: schemaValidManifest(edit),
    written,
    template: null,
    file: path.join(REPO_MANIFESTS, "fixture.json"),
    schemaFile: path.join(REPO_ROOT, "schemas", "manifest.schema.json"),
    publicDir: REPO_PUBLIC,
    fileExists: () => true,
    ...extra,
  };
}
