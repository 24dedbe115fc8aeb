/**
 * `npm run validate`'s problems in the forms CI systems show on the line of a pull request:
 * GitHub workflow commands (`::error file=…,line=…::…`) and SARIF 2.1.0 (GitHub code scanning,
 * Azure DevOps, GitLab and most others read it). Pure: the caller prints or writes the text.
 */
import type { ManifestProblem } from "../problems";

export type CiLevel = "error" | "warning";

/**
 * How a problem counts in CI: schema and rule errors fail; a go-live problem that blocks fails for a
 * live dealer only (a draft is not live yet); every other problem is a warning.
 */
export function ciLevel(p: ManifestProblem, live: boolean): CiLevel {
  if (p.goLive) return p.goLive === "blocking" && live ? "error" : "warning";
  return p.severity === "warning" ? "warning" : "error";
}

// GitHub's workflow-command escaping: data escapes %, CR and LF; a property value also ':' and ','.
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/**
 * One GitHub annotation line for a problem, at its file, line and column, titled with the check
 * that found it. A manifest held in the database (`stored`: its `file` names where, not a path)
 * has no line of a file to mark: the annotation names it in its text instead.
 */
export function githubAnnotation(p: ManifestProblem, live: boolean, stored = false): string {
  const title = `title=${escapeProperty(`${p.source} ${p.pointer || "/"}`)}`;
  const props = stored ? [title] : [`file=${escapeProperty(p.file)}`, `line=${p.line}`, `col=${p.column}`, title];
  const text = `${stored ? `${p.file}: ` : ""}${p.hint ? `${p.message} (${p.hint})` : p.message}`;
  return `::${ciLevel(p, live)} ${props.join(",")}::${escapeData(text)}`;
}

/** A problem with whether its dealer is live (a file in manifests/, served on its hosts), and whether it is held in the database rather than a file. */
export interface CiProblem {
  problem: ManifestProblem;
  live: boolean;
  stored?: boolean;
}

/** The parts of SARIF 2.1.0 this log uses (the OASIS standard's names). */
export interface SarifLog {
  $schema: string;
  version: "2.1.0";
  runs: {
    tool: { driver: { name: string; rules: { id: string; shortDescription: { text: string } }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: CiLevel;
      message: { text: string };
      locations: {
        physicalLocation?: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } };
        logicalLocations: { fullyQualifiedName: string }[];
      }[];
    }[];
  }[];
}

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/** The problems as one SARIF 2.1.0 log: a rule per check that found something, a result per problem. */
export function sarifLog(problems: readonly CiProblem[], ruleText: (id: string) => string = (id) => id): SarifLog {
  const ids = [...new Set(problems.map(({ problem }) => problem.source))];
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "dealer-platform validate",
            rules: ids.map((id) => ({ id, shortDescription: { text: ruleText(id) } })),
          },
        },
        results: problems.map(({ problem: p, live, stored }) => ({
          ruleId: p.source,
          ruleIndex: ids.indexOf(p.source),
          level: ciLevel(p, live),
          message: { text: `${stored ? `${p.file}: ` : ""}${p.hint ? `${p.message} (${p.hint})` : p.message}` },
          // A manifest held in the database has no file: its place is the pointer, named with where it is held.
          locations: [
            stored
              ? { logicalLocations: [{ fullyQualifiedName: `${p.file} ${p.pointer || "/"}` }] }
              : {
                  physicalLocation: {
                    artifactLocation: { uri: p.file.split("\\").join("/") },
                    region: { startLine: Math.max(1, p.line), startColumn: Math.max(1, p.column) },
                  },
                  logicalLocations: [{ fullyQualifiedName: p.pointer || "/" }],
                },
          ],
        })),
      },
    ],
  };
}
