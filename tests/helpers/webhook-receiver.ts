import { test } from "@playwright/test";
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";

/** A delivery the lead pipeline made to the local webhook receiver. */
export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether its x-signature is the HMAC-SHA256 of the body with the shared secret. */
  signatureOk: boolean;
}

function signatureOk(secret: string, body: string, header: string | string[] | undefined): boolean {
  if (typeof header !== "string" || !header.startsWith("sha256=")) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(body, "utf8").digest("hex"));
  const got = Buffer.from(header.slice("sha256=".length));
  return expected.length === got.length && timingSafeEqual(expected, got);
}

/**
 * The CRM / ADF webhook the test server delivers leads to (LEADS_WEBHOOK_URL in playwright.config.ts): every
 * delivery is kept in `received`, answered 200. Start it in beforeAll and close it in afterAll.
 */
export async function startWebhookReceiver(
  port: number,
  secret: string,
  received: ReceivedDelivery[] = [],
): Promise<{ received: ReceivedDelivery[]; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path: req.url ?? "", headers: req.headers, body, signatureOk: signatureOk(secret, body, req.headers["x-signature"]) });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The receiver for the whole spec file it is called in (at the file's top level): started before the
 * file's tests and closed after them. The list it returns fills as deliveries arrive.
 */
export function receiveWebhooksForFile(port: number, secret: string): ReceivedDelivery[] {
  const received: ReceivedDelivery[] = [];
  let close: (() => Promise<void>) | undefined;
  test.beforeAll(async () => {
    ({ close } = await startWebhookReceiver(port, secret, received));
  });
  test.afterAll(() => close?.());
  return received;
}
