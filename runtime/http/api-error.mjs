// The one shape every API refusal has: `{ message, status, errors }`, errors naming the fields at
// fault. Plain JavaScript because the production server (scripts/server.mjs) answers some
// refusals itself, before Next, and must word them exactly as the API routes do.

/** @typedef {import("../field-error").FieldError} FieldError */

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * The JSON text of a refusal.
 * @param {number} status
 * @param {string} message
 * @param {readonly FieldError[]} [errors]
 */
export function apiErrorBody(status, message, errors = []) {
  return JSON.stringify({ message, status, errors });
}

/**
 * A JSON answer as a fetch Response, never cached: every API's one way to answer with JSON.
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 * @returns {Response}
 */
export function json(status, body, headers = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": JSON_CONTENT_TYPE, "cache-control": "no-store", ...headers } });
}

/**
 * A refusal as a fetch Response, never cached.
 * @param {number} status
 * @param {string} message
 * @param {readonly FieldError[]} [errors]
 * @param {Record<string, string>} [headers]
 * @returns {Response}
 */
export function apiError(status, message, errors = [], headers = {}) {
  return json(status, { message, status, errors }, headers);
}
