import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerAfterPause, REFUSAL_PAUSE_MS, refusedClients } from "./refused-clients.mjs";

const request = (over: { method?: string; url?: string; host?: string; client?: string } = {}) => ({
  method: over.method ?? "POST",
  url: over.url ?? "/api/search/1/indexes/*/queries?x-algolia-agent=a",
  headers: { host: over.host ?? "sunshine-chery.localhost", "x-forwarded-for": over.client ?? "203.0.113.7" },
});

describe("refusedClients", () => {
  it("answers a refused client's same request itself until the Retry-After it was told has passed", () => {
    let now = 1_000_000;
    const table = refusedClients({ now: () => now });
    expect(table.refusal(request())).toBeNull();
    table.remember(request(), "7");
    expect(table.refusal(request())).toBe(7);
    now += 2_500;
    expect(table.refusal(request({ url: "/api/search/1/indexes/*/queries?other=1" }))).toBe(5); // the query string is not the key
    now += 4_500;
    expect(table.refusal(request())).toBeNull();
  });

  it("refuses no other client, host, method or path, and nothing outside the API", () => {
    const table = refusedClients({ now: () => 0 });
    table.remember(request(), "30");
    expect(table.refusal(request({ client: "203.0.113.8" }))).toBeNull();
    expect(table.refusal(request({ host: "harbour-motor-group.localhost" }))).toBeNull();
    expect(table.refusal(request({ method: "GET" }))).toBeNull();
    expect(table.refusal(request({ url: "/api/search/1/indexes/Car_production/query" }))).toBeNull();
    table.remember(request({ url: "/cars/x" }), "30");
    expect(table.refusal(request({ url: "/cars/x" }))).toBeNull();
  });

  it("ignores a missing or unreadable Retry-After, and holds at most ten minutes", () => {
    let now = 0;
    const table = refusedClients({ now: () => now });
    for (const bad of [undefined, "", "soon", "0", "-3"]) {
      table.remember(request(), bad);
      expect(table.refusal(request()), String(bad)).toBeNull();
    }
    table.remember(request(), "86400");
    now += 600_000;
    expect(table.refusal(request())).toBeNull();
  });

  it("stays bounded: a flood from many addresses evicts the oldest, whose requests go to the limiter again", () => {
    const table = refusedClients({ now: () => 0, max: 3 });
    for (const client of ["a", "b", "c", "d"]) table.remember(request({ client }), "60");
    expect(table.refusal(request({ client: "a" }))).toBeNull();
    expect(table.refusal(request({ client: "d" }))).toBe(60);
  });
});

describe("answerAfterPause", () => {
  afterEach(() => vi.useRealTimers());
  const response = () => Object.assign(new EventEmitter(), { destroyed: false, writableEnded: false }) as unknown as ServerResponse & EventEmitter;

  it("repeats a refusal only after the pause, so a client sending as fast as it is answered waits", () => {
    vi.useFakeTimers();
    const answer = vi.fn();
    answerAfterPause(response(), answer);
    vi.advanceTimersByTime(REFUSAL_PAUSE_MS - 1);
    expect(answer).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it("answers nobody who has gone, and at once while the server drains", () => {
    vi.useFakeTimers();
    const gone = vi.fn();
    const res = response();
    answerAfterPause(res, gone);
    res.emit("close");
    vi.advanceTimersByTime(REFUSAL_PAUSE_MS);
    expect(gone).not.toHaveBeenCalled();
    const draining = vi.fn();
    answerAfterPause(response(), draining, { now: true });
    expect(draining).toHaveBeenCalledTimes(1);
  });
});
