import Ajv from "ajv";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadObject, minimalManifest, REPO_MANIFESTS, REPO_PUBLIC } from "../../../tests/helpers/manifest-fixture";
import type { ManifestProblem } from "../problems";
import { goLiveProblems } from "./check-file";
import { ciLevel, githubAnnotation, sarifLog } from "./ci-formats";

const file = path.join(REPO_MANIFESTS, "fixture.json");

/** A manifest whose empty lead destinations sit on a known line, checked by the go-live rules. */
function leadProblem(): { problem: ManifestProblem; line: number } {
  const raw = minimalManifest();
  raw.forms = { destinations: [] };
  raw.routes["/privacy-policy"] = { title: "Privacy policy", blocks: [] };
  const text = JSON.stringify(raw, null, 2);
  const loaded = loadObject(raw, file);
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => `${p.pointer} ${p.message}`).join("\n"));
  const problem = goLiveProblems(file, text, loaded.manifest, { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC }).find(
    (p) => p.source === "lead-destination",
  )!;
  return { problem, line: text.slice(0, text.indexOf('"destinations"')).split("\n").length };
}

describe("GitHub annotations", () => {
  it("puts a blocking problem of a live dealer on the line of its manifest path, as an error", () => {
    const { problem, line } = leadProblem();
    expect(line).toBeGreaterThan(1);
    const annotation = githubAnnotation(problem, true);
    expect(annotation.startsWith(`::error file=manifests/fixture.json,line=${line},col=`)).toBe(true);
    expect(annotation).toContain(",title=lead-destination /forms/destinations::Enquiries from this site reach no one");
  });

  it("makes the same problem a warning for a draft (not live yet)", () => {
    expect(githubAnnotation(leadProblem().problem, false)).toMatch(/^::warning file=/);
  });

  it("escapes what would end the command early", () => {
    const p: ManifestProblem = { file: "a,b:c.json", line: 3, column: 1, pointer: "/x", message: "100% wrong\nsecond line", source: "schema" };
    expect(githubAnnotation(p, true)).toBe("::error file=a%2Cb%3Ac.json,line=3,col=1,title=schema /x::100%25 wrong%0Asecond line");
  });

  it("counts schema errors as errors and other warnings as warnings, live or not", () => {
    const base: ManifestProblem = { file: "f", line: 1, column: 1, pointer: "", message: "m", source: "schema" };
    expect(ciLevel(base, false)).toBe("error");
    expect(ciLevel({ ...base, severity: "warning" }, true)).toBe("warning");
    expect(ciLevel({ ...base, severity: "warning", goLive: "warning" }, true)).toBe("warning");
  });
});

/**
 * What SARIF 2.1.0 requires of the parts this log writes (OASIS SARIF 2.1.0: sarifLog, run, tool,
 * toolComponent, reportingDescriptor, result, message, location, physicalLocation, region).
 */
const SARIF_REQUIRED = {
  type: "object",
  required: ["version", "runs"],
  properties: {
    $schema: { type: "string", format: "uri" },
    version: { const: "2.1.0" },
    runs: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["tool"],
        properties: {
          tool: {
            type: "object",
            required: ["driver"],
            properties: {
              driver: {
                type: "object",
                required: ["name"],
                properties: {
                  name: { type: "string", minLength: 1 },
                  rules: {
                    type: "array",
                    items: { type: "object", required: ["id"], properties: { shortDescription: { type: "object", required: ["text"] } } },
                  },
                },
              },
            },
          },
          results: {
            type: "array",
            items: {
              type: "object",
              required: ["message"],
              properties: {
                ruleId: { type: "string" },
                ruleIndex: { type: "integer", minimum: -1 },
                level: { enum: ["none", "note", "warning", "error"] },
                message: { type: "object", anyOf: [{ required: ["text"] }, { required: ["id"] }] },
                locations: {
                  type: "array",
                  items: {
                    type: "object",
                    properties: {
                      physicalLocation: {
                        type: "object",
                        anyOf: [{ required: ["address"] }, { required: ["artifactLocation"] }],
                        properties: {
                          artifactLocation: { type: "object", required: ["uri"], properties: { uri: { type: "string", format: "uri-reference" } } },
                          region: { type: "object", properties: { startLine: { type: "integer", minimum: 1 }, startColumn: { type: "integer", minimum: 1 } } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe("SARIF", () => {
  it("writes a log with SARIF 2.1.0's required fields, each result pointing at its rule and its line", async () => {
    const { problem, line } = leadProblem();
    const warning: ManifestProblem = { ...problem, source: "favicon", goLive: "warning", message: "No favicon", hint: undefined };
    const log = sarifLog([
      { problem, live: true },
      { problem: warning, live: true },
    ]);
    const ajv = new Ajv({ strict: false });
    (await import("ajv-formats")).default(ajv);
    const valid = ajv.validate(SARIF_REQUIRED, JSON.parse(JSON.stringify(log)));
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    const [run] = log.runs;
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
    expect(run.results[0]).toMatchObject({ ruleId: "lead-destination", level: "error" });
    expect(run.results[0].locations[0].physicalLocation).toMatchObject({ artifactLocation: { uri: "manifests/fixture.json" }, region: { startLine: line } });
    expect(run.results[1].level).toBe("warning");
  });

  it("fails the schema check when a required field is missing (the check can fail)", () => {
    const ajv = new Ajv({ strict: false });
    expect(ajv.validate(SARIF_REQUIRED, { version: "2.1.0", runs: [{ tool: { driver: {} } }] })).toBe(false);
  });
});
