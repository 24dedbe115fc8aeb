// The rule a STUDIO_SECRET must meet, in plain JavaScript so that scripts/server.mjs can refuse to
// start with a weak one before Next loads, and the studio (runtime/studio/access.ts) stays closed
// with one however it was started. Sixteen characters: with sign-in attempts limited per client,
// even a secret of random letters that short cannot be guessed in any useful time.

export const MIN_STUDIO_SECRET_LENGTH = 16;

/**
 * What is wrong with the studio secret, or null when it is absent (the studio is then open in
 * development and closed in production) or long enough.
 * @param {string | undefined} secret
 * @returns {string | null}
 */
export function studioSecretProblem(secret) {
  if (!secret || secret.length >= MIN_STUDIO_SECRET_LENGTH) return null;
  return `STUDIO_SECRET is ${secret.length} characters long; it must be at least ${MIN_STUDIO_SECRET_LENGTH} (a random one, for example: openssl rand -base64 24). The studio stays closed until it is.`;
}
