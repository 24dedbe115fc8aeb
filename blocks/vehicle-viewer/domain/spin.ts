/** 360 spin: auto-rotates for one loop (at the viewer block's spinIntervalMs); drag sensitivity 20 px per frame; arrow keys and buttons step. */
export const SPIN_SENSITIVITY = 20;

/** Frame after moving `steps` frames (negative goes back), wrapping both ways. */
export function stepFrame(frame: number, steps: number, count: number): number {
  if (count <= 0) return 0;
  return (((frame + steps) % count) + count) % count;
}

/** Frame for a drag that started on `startFrame` and has moved `dx` pixels: one frame per `sensitivity` pixels. Dragging right turns the car left (frames go back). */
export function dragFrame(startFrame: number, dx: number, count: number, sensitivity = SPIN_SENSITIVITY): number {
  return stepFrame(startFrame, -Math.trunc(dx / sensitivity), count);
}

/** Hotspots shown on a frame: those with a position for that angle (angle = frame index). */
export function hotspotsAt<H extends { positions: { angle: number; x: number; y: number }[] }>(
  hotspots: readonly H[] | undefined,
  frame: number,
): { hotspot: H; x: number; y: number }[] {
  const out: { hotspot: H; x: number; y: number }[] = [];
  for (const h of hotspots ?? []) {
    const p = h.positions.find((pos) => pos.angle === frame);
    if (p) out.push({ hotspot: h, x: p.x, y: p.y });
  }
  return out;
}

/**
 * Frames fetched ahead of the one shown. The spin fetches a few frames at a time as it turns
 * rather than all 36 at once: a burst of 36 picture requests (each rendered by the server on a
 * cold cache) competed with the rest of the page for the network and the machine.
 */
export const SPIN_FRAMES_AHEAD = 4;

/** The frames to fetch now: the shown one and the next `ahead`, wrapping, skipping those already fetched. */
export function framesToFetch(frame: number, count: number, fetched: ReadonlySet<number>, ahead = SPIN_FRAMES_AHEAD): number[] {
  const out: number[] = [];
  for (let i = 0; i <= Math.min(ahead, count - 1); i++) {
    const f = stepFrame(frame, i, count);
    if (!fetched.has(f)) out.push(f);
  }
  return out;
}

/**
 * One auto-rotation tick: the next frame when it has loaded (or failed, so a broken frame cannot
 * stall the spin), else the same frame (the spin waits rather than showing a blank).
 */
export function autoRotateStep(frame: number, count: number, settled: ReadonlySet<number>): number {
  const next = stepFrame(frame, 1, count);
  return settled.has(next) ? next : frame;
}
