// Playback's arithmetic (pure): which frames a play visits and which one is due at a given time.
// main.js owns the timer (requestAnimationFrame) and calls these; frame k of a sequence is due at
// start + k / fps, so a slow draw skips frames, never slows the play down.

// the frame indices a..b
export const range = (a, b) => Array.from({ length: b - a + 1 }, (_, k) => a + k);

// where frame i falls in a sequence of frame indices: the first position at or after it (else the end)
export function positionOf(seq, i) {
  const k = seq.findIndex((f) => f >= i);
  return k < 0 ? seq.length - 1 : k;
}

// the frames playing visits from here: a "play this group" range, the view's stops when stepping
// by group, else null (every frame)
export function playSequence({ playRange, byGroup, stops }) {
  if (playRange) return range(playRange[0], playRange[1]);
  if (byGroup) return stops();
  return null;
}

// how many steps of `seq` (every frame when null) are left in the phase of frame `current`
export function stepsLeftInPhase(frames, current, seq) {
  const phaseNow = frames[current].phase;
  let end = current;
  while (end < frames.length - 1 && frames[end + 1].phase === phaseNow) end++;
  return seq ? seq.filter((f) => f > current && f <= end).length : end - current;
}

// the position in the sequence due `elapsedMs` after starting at `startPos`, at `fps` steps a second
export const duePosition = (startPos, elapsedMs, fps) => startPos + Math.floor((elapsedMs / 1000) * fps);

// the frame due at position `pos`: of the sequence (or the frame itself), never past `end`
export const dueFrame = (seq, pos, end) => Math.min(end, seq ? seq[Math.min(pos, seq.length - 1)] : pos);

// the steps a second delivered since the start (shown when the browser cannot keep up)
export const deliveredRate = (pos, startPos, elapsedMs) => (pos - startPos) / (elapsedMs / 1000);
