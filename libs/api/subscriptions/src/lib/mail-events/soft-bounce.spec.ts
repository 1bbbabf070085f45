import { nextBounceState, type BounceState } from './soft-bounce';

const day = (n: number, hour = 9) => new Date(Date.UTC(2026, 10, n, hour));
const fresh: BounceState = { softBounces: 0, firstSoftBounceAt: null };

/** Runs the soft bounces at these times through the rule: the decisions in order. */
function softBounces(times: Date[]) {
  let state = fresh;
  return times.map((at) => {
    const decision = nextBounceState(state, { type: 'soft_bounce', at }, at);
    state = decision;
    return decision;
  });
}

describe('nextBounceState', () => {
  it('suppresses a hard bounce or a complaint at once, and nothing else', () => {
    expect(nextBounceState(fresh, { type: 'hard_bounce', at: day(1) }, day(1)).suppress).toBe('hard_bounce');
    expect(nextBounceState(fresh, { type: 'complaint', at: day(1) }, day(1)).suppress).toBe('complaint');
    for (const type of ['delivered', 'auto_reply', 'ignored'] as const) {
      const state = { softBounces: 2, firstSoftBounceAt: day(1) };
      expect(nextBounceState(state, { type, at: day(9) }, day(9))).toEqual({ ...state, suppress: null });
    }
  });

  it('never suppresses a single day’s burst of soft bounces', () => {
    const burst = softBounces([day(1, 1), day(1, 2), day(1, 3), day(1, 4), day(1, 23)]);
    expect(burst.map((decision) => decision.suppress)).toEqual([null, null, null, null, null]);
    expect(burst.at(-1)).toMatchObject({ softBounces: 5, firstSoftBounceAt: day(1, 1) });
  });

  it('suppresses after three soft bounces spread over three days', () => {
    expect(softBounces([day(1), day(2), day(3, 8)]).map((decision) => decision.suppress)).toEqual([null, null, null]);
    expect(softBounces([day(1), day(2), day(4)]).map((decision) => decision.suppress)).toEqual([
      null,
      null,
      'soft_bounce',
    ]);
    // A burst, then one more three days later.
    expect(softBounces([day(1), day(1, 10), day(1, 11), day(4)]).at(-1)?.suppress).toBe('soft_bounce');
  });

  it('starts a series again once its first bounce is older than the window', () => {
    const decisions = softBounces([day(1), day(2), new Date(Date.UTC(2027, 0, 10)), new Date(Date.UTC(2027, 0, 11))]);
    expect(decisions.map((decision) => decision.softBounces)).toEqual([1, 2, 1, 2]);
    expect(decisions.at(-1)?.suppress).toBeNull();
  });

  it('takes no report time ahead of its own clock', () => {
    const state = { softBounces: 2, firstSoftBounceAt: day(1) };
    expect(nextBounceState(state, { type: 'soft_bounce', at: day(9) }, day(2)).suppress).toBeNull();
  });
});
