-- 025: spin to win. One row per signed-in shopper, dealer, campaign and campaign period: the
-- unique constraint, not a check before the insert, is what makes a double submit (two tabs, a
-- double click, a replayed form) spin once. The prize was drawn on the server; lead_id is the
-- dealer's lead for a won prize (null when nothing was won).
CREATE TABLE spin_to_win_spins (
  id           text PRIMARY KEY,                      -- random UUID, the shopper's spin number
  dealer_slug  text NOT NULL,
  user_id      text NOT NULL REFERENCES account_users (id) ON DELETE CASCADE,
  campaign_id  text NOT NULL,
  period       text NOT NULL,                         -- 'once', a month '2026-11' or a week's Monday '2026-11-23'
  prize_id     text,                                  -- null: no prize this time
  prize_label  text,
  lead_id      text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT spin_to_win_once UNIQUE (dealer_slug, user_id, campaign_id, period)
);
