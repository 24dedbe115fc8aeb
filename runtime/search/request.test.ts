import { describe, expect, it } from "vitest";
import { SearchRequestError } from "./errors";
import { formatFilter } from "./filter-grammar";
import { credentialsFrom, decodeV4Params, encodeParams, parseFacetQueryBody, parseMultiQueryBody, parseSingleQueryBody } from "./request";

describe("parseMultiQueryBody", () => {
  it("reads the v5 object form", () => {
    const body = {
      requests: [
        {
          indexName: "Car_production",
          query: "ranger",
          hitsPerPage: 21,
          page: 1,
          facets: ["make", "model"],
          facetFilters: [["make:Toyota", "make:Honda"]],
          numericFilters: ["price>=5000", "price<=20000"],
          filters: "show_on_dealer_website:true",
          highlightPreTag: "__ais-highlight__",
          highlightPostTag: "__/ais-highlight__",
          clickAnalytics: true,
          userToken: "u1",
        },
      ],
      strategy: "none",
    };
    const { requests, strategy } = parseMultiQueryBody(JSON.stringify(body));
    expect(strategy).toBe("none");
    const [r] = requests;
    expect(r.indexName).toBe("Car_production");
    expect(r.type).toBe("default");
    expect(r.params).toMatchObject({ query: "ranger", hitsPerPage: 21, page: 1, facets: ["make", "model"], highlightPreTag: "__ais-highlight__" });
    expect(formatFilter(r.params.filter!)).toBe("show_on_dealer_website:true AND (make:Toyota OR make:Honda) AND price >= 5000 AND price <= 20000");
  });

  it("reads the v4 params string with JSON values, merged with top-level keys", () => {
    const params = "query=&hitsPerPage=0&page=0&facets=%5B%22make%22%5D&facetFilters=%5B%5B%22make%3AFord%22%5D%5D&analytics=false&tagFilters=";
    const { requests } = parseMultiQueryBody(JSON.stringify({ requests: [{ indexName: "Car_production", params, query: "top" }] }));
    expect(requests[0].params).toMatchObject({ query: "top", hitsPerPage: 0, facets: ["make"] });
    expect(formatFilter(requests[0].params.filter!)).toBe("make:Ford");
    expect(requests[0].params.raw.analytics).toBe("false");
  });

  it("reads params given as an object, facets as a plain string and [*]", () => {
    const { requests } = parseMultiQueryBody(
      JSON.stringify({
        requests: [
          { indexName: "I", params: { facets: "make", hitsPerPage: "5" } },
          { indexName: "I", facets: ["*"] },
        ],
      }),
    );
    expect(requests[0].params.facets).toEqual(["make"]);
    expect(requests[0].params.hitsPerPage).toBe(5);
    expect(requests[1].params.facets).toEqual(["*"]);
    expect(requests[1].params.hitsPerPage).toBe(20);
  });

  it("reads type: facet items", () => {
    const { requests } = parseMultiQueryBody(
      JSON.stringify({ requests: [{ indexName: "I", type: "facet", facet: "make", facetQuery: "to", maxFacetHits: 500 }] }),
    );
    expect(requests[0]).toMatchObject({ type: "facet", params: { facet: "make", facetQuery: "to", maxFacetHits: 100 } });
  });

  it("accepts offset/length and defaults length to hitsPerPage", () => {
    const { requests } = parseMultiQueryBody(JSON.stringify({ requests: [{ indexName: "I", offset: 4, hitsPerPage: 7 }] }));
    expect(requests[0].params).toMatchObject({ offset: 4, length: 7 });
  });

  it.each([
    ["not json", /body: invalid JSON/],
    ["{}", /requests: missing/],
    ['{"requests": {}}', /requests: missing/],
    ['{"requests": [1]}', /requests\[0\]: must be an object/],
    ['{"requests": [{}]}', /requests\[0\].indexName: missing/],
    ['{"requests": [{"indexName": "I", "hitsPerPage": "lots"}]}', /hitsPerPage: must be an integer/],
    ['{"requests": [{"indexName": "I", "page": -1}]}', /page: must be at least 0/],
    ['{"requests": [{"indexName": "I", "filters": "a:b OR"}]}', /filters: unexpected end of filter/],
    ['{"requests": [{"indexName": "I", "type": "facet"}]}', /facet: missing/],
    ['{"requests": [{"indexName": "I", "type": "other"}]}', /type: must be/],
    ['{"requests": [{"indexName": "I", "params": 5}]}', /params: must be/],
    ['{"requests": [{"indexName": "I", "facets": {"a": 1}}]}', /facets: must be/],
    ['{"requests": [{"indexName": "I", "query": {"a": 1}}]}', /query: must be a string/],
  ])("rejects %s", (body, message) => {
    expect(() => parseMultiQueryBody(body)).toThrow(SearchRequestError);
    expect(() => parseMultiQueryBody(body)).toThrow(message);
  });
});

describe("single query and facet query bodies", () => {
  it("parses /query bodies in both forms", () => {
    expect(parseSingleQueryBody('{"params":"query=hilux&hitsPerPage=3"}')).toMatchObject({ query: "hilux", hitsPerPage: 3 });
    expect(parseSingleQueryBody('{"query":"hilux"}').query).toBe("hilux");
    expect(parseSingleQueryBody("").query).toBe("");
    expect(() => parseSingleQueryBody("[1]")).toThrow(/must be a JSON object/);
  });
  it("parses facet query bodies", () => {
    expect(parseFacetQueryBody('{"params":"facetQuery=to&maxFacetHits=3"}', "make")).toMatchObject({ facet: "make", facetQuery: "to", maxFacetHits: 3 });
  });
});

describe("helpers", () => {
  it("decodes and encodes v4 params", () => {
    expect(decodeV4Params("query=%5Bx&facets=%5B%22a%22%5D&bad=%5Bnot")).toEqual({ query: "[x", facets: ["a"], bad: "[not" });
    expect(encodeParams({ query: "a b", facets: ["x"] })).toBe("query=a%20b&facets=%5B%22x%22%5D");
  });
  it("reads credentials from headers or the query string", () => {
    const h = new Headers({ "x-algolia-api-key": "k1", "x-algolia-application-id": "APP" });
    expect(credentialsFrom(h, new URLSearchParams())).toEqual({ apiKey: "k1", appId: "APP" });
    expect(credentialsFrom(new Headers(), new URLSearchParams("x-algolia-api-key=k2&x-algolia-application-id=A"))).toEqual({ apiKey: "k2", appId: "A" });
    expect(credentialsFrom(new Headers(), new URLSearchParams())).toEqual({ apiKey: undefined, appId: undefined });
  });
});
