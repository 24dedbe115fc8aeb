import path from "node:path";
import { ESLint, type Linter } from "eslint";
import { beforeAll, expect } from "vitest";

/** The repository's root, which the lint tests' file paths are relative to. */
export const repoRoot = path.resolve(import.meta.dirname, "..", "..");

/**
 * ESLint with the repository's own config (eslint.config.mjs), for tests that run its rules on
 * small snippets. Call it at a test file's top level: it loads the config once, before the file's
 * tests, since loading it and Next's plugins takes seconds on a busy machine.
 * `messages(code, filePath)`: what ESLint said of `code` as if it were the file at `filePath`
 * (relative to the repository), after checking the snippet parsed; `rulesFired`: their rule ids.
 */
export function repoLinter() {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({ cwd: repoRoot });
    await eslint.lintText("export {};\n", { filePath: path.join(repoRoot, "runtime/x.ts") });
  }, 60_000);

  async function messages(code: string, filePath: string): Promise<Linter.LintMessage[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
    expect(
      result.messages.filter((m) => m.fatal),
      "the snippet must parse",
    ).toEqual([]);
    return result.messages;
  }
  return {
    messages,
    rulesFired: async (code: string, filePath: string): Promise<string[]> => (await messages(code, filePath)).map((m) => m.ruleId ?? ""),
  };
}
