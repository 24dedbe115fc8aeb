-- 015: one-time studio sign-in links. On a machine started with `npm start` and no STUDIO_SECRET,
-- the server makes a random token at start and prints the link that carries it (and lists it in
-- the local inbox); using it opens a studio session once. Only the token's SHA-256 is stored here.
CREATE TABLE studio_sign_in_links (
  token_hash  text PRIMARY KEY,               -- hex SHA-256 of the token in the link
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz                     -- set when the link is used: it opens nothing after
);
