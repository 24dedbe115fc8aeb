import "server-only";
import { getSiteStore, type SiteRecord } from "../manifest/store";
import { formatProblem, type ManifestProblem } from "../manifest/problems";

/**
 * http://localhost:3000 lists every dealer (for onboarding staff), with what is wrong where: a
 * dealer served its last good version shows the problems of the edit that is not live yet, and
 * a dealer with no valid version shows why it is offline. SITE_DIRECTORY=off hides it.
 */
export function SiteDirectory({ origin }: { origin: string }) {
  const port = new URL(origin).port;
  const store = getSiteStore();
  return (
    <main id="main" className="directory">
      <h1>Dealer sites</h1>
      <p>Every site served by this deployment. Each answers on its own hosts and on {"{slug}"}.localhost.</p>
      <ul>
        {store.sites.map((site) => {
          const url = `http://${site.slug}.localhost${port ? `:${port}` : ""}/`;
          return (
            <li key={site.file} data-site={site.slug}>
              <a href={url}>{site.status === "ok" ? site.manifest.name : site.slug}</a> <span>{url}</span> <SiteState site={site} />
            </li>
          );
        })}
      </ul>
    </main>
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
