/**
 * Typed errors of the embedded search engine. Every error caused by what a
 * caller sent is a `SearchRequestError` carrying the HTTP status to answer
 * with (400 by default, 403 for key problems, 404 for unknown indices), so
 * that the HTTP layer never turns bad input into a 5xx (the Algolia client
 * marks a host down for two minutes after a 5xx).
 */
export class SearchRequestError extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.name = "SearchRequestError";
    this.status = status;
  }
}

export const indexDoesNotExist = (): SearchRequestError => new SearchRequestError("Index does not exist", 404);
