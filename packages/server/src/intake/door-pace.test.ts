import { describe, expect, it } from 'vitest';
import { DoorPace } from './door-pace.ts';

describe("the SMTP door's pace", () => {
  it('counts e-mails a second over the last second, and falls to nothing when the door goes quiet', () => {
    const pace = new DoorPace(0);
    expect(pace.perSecond(0)).toBe(0);
    for (let t = 0; t < 1000; t += 10) pace.count(8, t); // 800 a second
    expect(pace.perSecond(990)).toBe(800);
    pace.count(5, 1000);
    expect(pace.perSecond(1100)).toBe(800);
    // A quiet spell: the next count spreads what came before over the whole gap.
    pace.count(1, 5000);
    expect(pace.perSecond(5000)).toBeCloseTo(1.25, 2);
    expect(pace.perSecond(7000)).toBe(0);
  });

  it('sees a flood inside the second under way', () => {
    const pace = new DoorPace(0);
    pace.count(300, 100);
    pace.count(400, 200);
    expect(pace.perSecond(250)).toBe(700);
  });
});
