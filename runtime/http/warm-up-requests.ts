/**
 * The requests the production server sends itself before it says ready (runtime/http/warm-up.mjs):
 * one of each kind whose first answer loads code and data on first use. A dealer's home page (the
 * cached-page route: the block registry, the data loaders, React's server render), asked with
 * HEAD so nothing is stored for shoppers; an API route through the API boundary, the on-demand TLS
 * check on the loopback host, which counts nothing and takes no rate-limit point; and the
 * directory's page where the directory is served. The first dealer the store serves stands for
 * all: what is loaded is the code, shared by every dealer.
 */
import type { SiteStore } from "../manifest/store";
import { directoryEnabled } from "../tenant";
import { TLS_ASK_PATH } from "./tls-ask";
import type { WarmUpRequest } from "./warm-up.mjs";

export function warmUpRequests(store: Pick<SiteStore, "sites">, directory = directoryEnabled()): WarmUpRequest[] {
  const site = store.sites.find((s) => s.status === "ok" && s.hosts.length > 0);
  const requests: WarmUpRequest[] = [];
  if (site) {
    const host = site.hosts[0];
    requests.push({ method: "HEAD", host, path: "/" });
    requests.push({ method: "GET", host: "localhost", path: `${TLS_ASK_PATH}?domain=${encodeURIComponent(host)}` });
  }
  if (directory) requests.push({ method: "HEAD", host: "localhost", path: "/" });
  return requests;
}
