// The status of a page that answers with the dealer's 404 as its own content
// (runtime/render/page-outcome.ts): such a page rendered without an error, so Next sends it as
// 200 (and a cached copy of it likewise); it carries NOT_FOUND_MARK, and the production server
// sends it as 404 (secure-response.mjs). Plain JavaScript: scripts/server.mjs loads it directly.

/** The attribute of the empty <template> a not-found answer carries. */
export const NOT_FOUND_ATTRIBUTE = "data-http-status";

/**
 * The mark as React writes it into the HTML. React escapes quotes and angle brackets in text and
 * attribute values, so no dealer or shopper text can spell it: only the element can.
 */
export const NOT_FOUND_MARK = `<template ${NOT_FOUND_ATTRIBUTE}="404"></template>`;

/**
 * The status a document leaves with: 404 for a 200 document that carries the mark, else its own.
 * @param {number} status
 * @param {Buffer} body
 * @returns {number}
 */
export function documentStatus(status, body) {
  return status === 200 && body.includes(NOT_FOUND_MARK) ? 404 : status;
}
