/** 360 spin (spec §4, §9): auto-rotate every 100 ms for one loop; drag sensitivity 20 px per frame; arrow keys and buttons step. */
export const SPIN_INTERVAL_MS = 100;
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
export function hotspotsAt<H extends { positions: { angle: number; x: number; y: number }[] }>(hotspots: readonly H[] | undefined, frame: number): { hotspot: H; x: number; y: number }[] {
  const out: { hotspot: H; x: number; y: number }[] = [];
  for (const h of hotspots ?? []) {
    const p = h.positions.find((pos) => pos.angle === frame);
    if (p) out.push({ hotspot: h, x: p.x, y: p.y });
  }
  return out;
}
