/**
 * A day's visitors, estimated from its marks (linear counting: Whang, Vander-Zanden and Taylor, 1990):
 * each visitor's salted hash sets one of `VISITOR_MARKS` marks, its first `VISITOR_MARK_BITS` bits (many
 * visitors share a mark, so a mark names nobody); with `marks` of them set, about `-M · ln(1 − marks / M)` visitors came
 * (exact to a few per cent up to several times M). All marks set says only "at least that many".
 */
export const VISITOR_MARK_BITS = 17;
export const VISITOR_MARKS = 2 ** VISITOR_MARK_BITS;

export function estimateVisitors(marks: number): number {
  const set = Math.min(marks, VISITOR_MARKS - 1);
  return Math.round(VISITOR_MARKS * Math.log(VISITOR_MARKS / (VISITOR_MARKS - set)));
}

/** `estimateVisitors` in SQL, of an expression counting a day's marks (the same rounding). */
export const estimateVisitorsSql = (marks: string) =>
  `round(${VISITOR_MARKS} * ln(${VISITOR_MARKS}::float8 / (${VISITOR_MARKS} - least(${marks}, ${VISITOR_MARKS - 1}))))::int`;
