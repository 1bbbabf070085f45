const COUNT = new Intl.NumberFormat('en');
const AVERAGE = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
const CHANGE = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });

/** 1234 → "1,234"; an average keeps one decimal (12.5 daily visitors). */
export const formatCount = (value: number) => (Number.isInteger(value) ? COUNT : AVERAGE).format(value);

/** A rate of 0 to 1 → "2.5%". */
export const formatRate = (rate: number) => PERCENT.format(rate);

/** The change from the previous period: "+12%", "−5%", or null when there was nothing to compare with. */
export const formatChange = (current: number, previous: number) =>
  previous === 0 ? null : CHANGE.format((current - previous) / previous);
