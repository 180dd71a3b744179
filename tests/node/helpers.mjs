// Helpers of the node tests (and the peers bench): fixtures' dead marks and a seeded generator.
// Not a test file itself (node --test runs *.test.mjs).

/** The vertices marked dead (`d` or `x`) in `marks`, rows as the fixture's `rows`, on stones only. */
export function deadFrom(rows, marks) {
  const dead = [];
  marks?.forEach((row, y) =>
    [...row].forEach((c, x) => {
      if ((c === 'd' || c === 'x') && rows[y][x] !== '.') dead.push([x, y]);
    }),
  );
  return dead;
}

/** A deterministic generator (mulberry32): a function giving numbers in [0, 1). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
