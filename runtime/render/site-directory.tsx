import "server-only";
import { Link } from "@/runtime/ui/link";
import { getSiteStore, manifestsDir, type SiteRecord } from "../manifest/store";
import { formatProblem, type ManifestProblem } from "../manifest/problems";
import { allDrafts } from "../fleet/working-copies";
import { draftPreview, previewOrigin } from "../manifest/preview";
import { localInboxOpen } from "../accounts/local-inbox";
import { getDb } from "../db";
import { lastRuns, runSummary, type FeedRunRow } from "../feeds/runs";
import { GoLiveCheck, goLiveChecks, LeadFallbackAlert } from "../studio/go-live-check";
import { headers } from "next/headers";
import { WARM_UP_HEADER } from "../http/warm-up.mjs";
import { factOf } from "../manifest/held";

/**
 * http://localhost:3000 lists every dealer (for onboarding staff), with what is wrong where: a
 * dealer served its last good version shows the problems of the edit that is not live yet, and
 * a dealer with no valid version shows why it is offline, and a dealer with a stock feed shows its
 * last run. SITE_DIRECTORY=off hides it.
 */
export async function SiteDirectory({ origin }: { origin: string }) {
  const port = new URL(origin).port;
  const store = getSiteStore();
  // The server's own warm-up before it says ready (runtime/http/warm-up.mjs; the server takes the
  // header off any other request): it loads this page's code, and nobody reads the list. Each
  // dealer's go-live check is a full diagnosis and its name a manifest rebuilt from its JSON: at
  // a thousand dealers they held the start for about 20 s and left 600 MB of heap behind them.
  const warmUp = (await headers()).has(WARM_UP_HEADER);
  const runs = await feedRuns();
  const goLive = warmUp ? new Map<string, ManifestProblem[]>() : await goLiveChecks(store.sites.filter((s) => s.status === "ok").map((s) => s.file));
  return (
    <main id="main" className="directory">
      <h1>Dealer sites</h1>
      <p>Every site served by this deployment. Each answers on its own hosts and on {"{slug}"}.localhost.</p>
      <p>
        Edit a dealer&apos;s pages in the <Link href="/studio">studio</Link>.
      </p>
      {localInboxOpen() ? (
        <p>
          No email or SMS provider is set: sign-in codes and confirmations are not sent but kept in the <Link href="/inbox">local inbox</Link>.
        </p>
      ) : null}
      <LeadFallbackAlert />
      <ul>
        {store.sites.map((site) => {
          const url = `http://${site.slug}.localhost${port ? `:${port}` : ""}/`;
          return (
            <li key={site.file} data-site={site.slug}>
              <a href={url}>{site.status === "ok" && !warmUp ? factOf(site, "name", (m) => m.name) : site.slug}</a> <span>{url}</span>{" "}
              <FeedRun run={runs.get(site.slug)} /> <SiteState site={site} />
              {site.status === "ok" && !warmUp ? <GoLiveCheck live problems={goLive.get(site.file)} /> : null}
            </li>
          );
        })}
      </ul>
      <Drafts port={port} />
    </main>
  );
}

/** Each dealer's last feed run; an empty list when the database cannot be read (the directory still lists the sites). */
async function feedRuns(): Promise<Map<string, FeedRunRow>> {
  try {
    return await lastRuns(await getDb());
  } catch {
    return new Map();
  }
}

function FeedRun({ run }: { run: FeedRunRow | undefined }) {
  if (!run) return null;
  return (
    <span className="directory-feed" data-feed-outcome={run.outcome}>
      Stock feed, last run <time dateTime={run.startedAt.toISOString()}>{run.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC</time>:{" "}
      {runSummary(run)}
    </span>
  );
}

function SiteState({ site }: { site: SiteRecord }) {
  if (site.status === "invalid")
    return <Problems heading={`Offline: ${site.file} has no valid version yet (${count(site.problems)})`} problems={site.problems} />;
  if (site.pending.length === 0) return null;
  return (
    <Problems
      heading={`Live with its last good version (valid at ${site.lastGoodSince}); the edit to ${site.file} is not live (${count(site.pending)})`}
      problems={site.pending}
    />
  );
}

function Problems({ heading, problems }: { heading: string; problems: ManifestProblem[] }) {
  return (
    <div className="directory-problems">
      <strong>{heading}</strong>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <code>{formatProblem(p)}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

const count = (problems: ManifestProblem[]) => `${problems.length} problem${problems.length === 1 ? "" : "s"}`;

/** Drafts (the studio's, in the shared database, and files in manifests/drafts/): not live anywhere; each previewed on its own preview host with its diagnostics. */
function Drafts({ port }: { port: string }) {
  const names = allDrafts(manifestsDir());
  return (
    <section aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Drafts</h2>
      <p>
        New dealers made in the studio or with npm run new-dealer (files in manifests/drafts/), not live on any dealer host. Each preview shows the draft&apos;s
        problems and warnings. Put one live from its page in the studio.
      </p>
      {names.length === 0 ? (
        <p>No drafts. Start one with npm run new-dealer.</p>
      ) : (
        <ul>
          {names.map((name) => {
            const d = draftPreview(name)?.diagnostics;
            const url = `${previewOrigin(name, port)}/`;
            return (
              <li key={name} data-draft={name}>
                <a href={url}>Preview {d?.manifest?.name ?? name}</a> <span>{url}</span>{" "}
                {d ? (
                  <span>
                    ({count(d.errors)}, {d.warnings.length} warning{d.warnings.length === 1 ? "" : "s"})
                  </span>
                ) : null}
                <GoLiveCheck live={false} problems={d?.goLive} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
