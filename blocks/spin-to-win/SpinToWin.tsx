import { Link } from "@/runtime/ui/link";
import type { CSSProperties } from "react";
import type { ResolvedSpinToWinProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { signInHref } from "@/runtime/accounts/kinds";
import { siteTimeZone } from "@/runtime/time";
import { landingTurn, NO_PRIZE_LABEL, PERIOD_WORDS, segmentsOf, type Segment } from "./domain/wheel";
import type { SpinToWinData } from "./load";
import styles from "./spin-to-win.module.css";

// Segments alternate the theme's two brand colours (and the surface for "no prize"); the wheel is a picture, the list beside it says the same in words.
const SEGMENT_FILLS = ["var(--color-primary)", "var(--color-accent)"];

function wheelBackground(segments: readonly Segment[]): string {
  const stops = segments.map((s, i) => `${s.prize ? SEGMENT_FILLS[i % 2] : "var(--color-surface)"} ${s.from}deg ${s.to}deg`);
  return `conic-gradient(${stops.join(", ")})`;
}

/**
 * The wheel (decorative: hidden from assistive technology), turned to the shopper's result. Right
 * after the spin it turns there (a CSS animation the stylesheet drops for reduced motion); on a
 * later visit it simply stands at the result.
 */
function Wheel({ segments, prizeId, spun, animate }: { segments: Segment[]; prizeId: string | null; spun: boolean; animate: boolean }) {
  const turn = spun ? landingTurn(segments, prizeId) : 0;
  const style = { "--turn": `${turn}deg`, backgroundImage: wheelBackground(segments) } as CSSProperties;
  return (
    <div className={styles.wheelFrame} aria-hidden="true">
      <span className={styles.pointer} />
      <div className={`${styles.wheel} ${animate ? styles.spinning : ""}`} style={style} data-turn={turn} data-testid="spin-wheel" />
    </div>
  );
}

function Result({ props, data }: { props: ResolvedSpinToWinProps; data: SpinToWinData }) {
  const spin = data.spin!;
  const words = PERIOD_WORDS[props.campaign.period];
  return (
    <div className={styles.result}>
      {data.notice === "already" ? (
        <p className={styles.notice}>You have already spun {words.spun}, so the wheel cannot be spun again. Here is your result.</p>
      ) : null}
      {spin.prizeId ? (
        <>
          <p className={styles.outcome}>
            You won: <strong>{spin.prizeLabel}</strong>
          </p>
          <p>{props.howToClaim}</p>
          <p>Spin number: {spin.id}</p>
        </>
      ) : (
        <p className={styles.outcome}>{NO_PRIZE_LABEL}. Thanks for playing.</p>
      )}
      <p>{words.next}</p>
    </div>
  );
}

/** What the shopper can do now: sign in, spin (a plain form post), or read the result. */
function SpinAction({ props, data, pathname }: { props: ResolvedSpinToWinProps; data: SpinToWinData; pathname: string }) {
  if (data.spin) return <Result props={props} data={data} />;
  if (!data.open || data.notice === "closed") return <p className={styles.outcome}>This promotion is not running at the moment. Please check back soon.</p>;
  if (!data.signedIn)
    return (
      <Link className="button" href={signInHref("spin-to-win", pathname)}>
        Sign in to spin
      </Link>
    );
  return (
    <form method="post" action="/api/spin-to-win" className={styles.form}>
      <input type="hidden" name="campaign" value={props.campaign.id} />
      <button type="submit" className="button">
        Spin the wheel
      </button>
      <p className={styles.hint}>You can spin {PERIOD_WORDS[props.campaign.period].often}. The result is drawn as soon as you press the button.</p>
    </form>
  );
}

/** The spin-to-win page: the wheel, the prizes and their chances, and the shopper's one spin of the period. */
export function SpinToWin({ props, data, site }: BlockComponentProps<ResolvedSpinToWinProps, SpinToWinData>) {
  if (!data) return <p className={styles.section}>The wheel could not be loaded. Please try again.</p>;
  const segments = segmentsOf(props.prizes, siteTimeZone(site.manifest));
  const left = segments.find((s) => !s.prize);
  return (
    <section className={styles.section} aria-labelledby="spin-title">
      <h1 id="spin-title" className={styles.title}>
        {props.heading}
      </h1>
      {props.intro ? <p className={styles.intro}>{props.intro}</p> : null}
      <div className={styles.layout}>
        <Wheel segments={segments} prizeId={data.spin?.prizeId ?? null} spun={!!data.spin} animate={!!data.spin && data.notice === "spun"} />
        <div>
          <h2 id="prizes-title">The prizes</h2>
          <ul className={styles.prizes} aria-labelledby="prizes-title">
            {props.prizes.map((p) => (
              <li key={p.id}>
                {p.label} <span className={styles.chance}>({p.chance}% chance)</span>
              </li>
            ))}
            {left ? (
              <li>
                {NO_PRIZE_LABEL} <span className={styles.chance}>({Math.round(((left.to - left.from) * 100) / 360)}% chance)</span>
              </li>
            ) : null}
          </ul>
          <div id="spin-result" className={styles.action}>
            <SpinAction props={props} data={data} pathname={site.pathname} />
          </div>
        </div>
      </div>
      {props.terms ? (
        <details className={styles.terms}>
          <summary>Terms and conditions</summary>
          <p>{props.terms}</p>
        </details>
      ) : null}
    </section>
  );
}
