import "server-only";
import { getSiteStore } from "../manifest/store";

/** http://localhost:3000 lists every dealer (for onboarding staff); SITE_DIRECTORY=off hides it. */
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
            <li key={site.slug}>
              <a href={url}>{site.status === "ok" ? site.manifest.name : site.slug}</a> <span>{url}</span>{" "}
              {site.status === "invalid" ? (
                <strong>
                  offline: manifest invalid ({site.problems.length} problem{site.problems.length === 1 ? "" : "s"}, run npm run validate)
                </strong>
              ) : null}
            </li>
          );
        })}
      </ul>
    </main>
  );
}
