-- 004 (003 is issue 17's reservations): rate-limit counters shared by every server process (rate-limiter-flexible's PostgreSQL
-- store, runtime/http/rate-limit.ts), and one row per visitor, car, kind and day so a view or a
-- phone reveal counts once (the visitor is a salted hash, never an address).

CREATE TABLE rate_limits (
  key     varchar(255) PRIMARY KEY,          -- "{limiter}:{dealer}|{client}" (hashed when long)
  points  integer NOT NULL DEFAULT 0,
  expire  bigint                             -- epoch milliseconds
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

CREATE TABLE car_visitor_days (
  dealer_slug  text NOT NULL,
  car_slug     text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('view', 'phone-reveal')),
  visitor      text NOT NULL,                -- base64url SHA-256 of the client address and user agent
  day          date NOT NULL,
  PRIMARY KEY (dealer_slug, car_slug, kind, visitor, day)
);
CREATE INDEX car_visitor_days_day ON car_visitor_days (day);
