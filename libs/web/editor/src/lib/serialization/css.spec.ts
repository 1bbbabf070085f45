import { fontWeightIsBold, normalizeColor, parseStyle } from './css';

describe('normalizeColor', () => {
  it.each([
    ['#E60000', '#e60000'],
    ['#06c', '#0066cc'],
    ['#06cf', '#0066cc'],
    ['#0066ccff', '#0066cc'],
    ['rgb(230, 0, 0)', '#e60000'],
    ['RGB(230,0,0)', '#e60000'],
    ['rgb(100%, 0%, 0%)', '#ff0000'],
    ['rgba(0, 102, 204, 1)', '#0066cc'],
    ['rgb(0 102 204)', '#0066cc'],
    ['rgb(300, -1, 0)', null],
    ['red', '#ff0000'],
    ['  Teal ', '#008080'],
  ])('%s is %s', (input, output) => {
    expect(normalizeColor(input)).toBe(output);
  });

  it.each([
    'rgba(0,0,0,0.5)',
    '#0066cc80',
    '#06c8',
    'transparent',
    'inherit',
    'currentColor',
    'windowtext',
    'url(x)',
    'expression(alert(1))',
    '',
    null,
    undefined,
  ])('refuses %p', (input) => {
    expect(normalizeColor(input)).toBeNull();
  });
});

describe('fontWeightIsBold', () => {
  it.each([
    ['bold', true],
    ['bolder', true],
    ['700', true],
    ['600', true],
    ['normal', false],
    ['lighter', false],
    ['400', false],
    ['inherit', null],
    [undefined, null],
  ])('%s is %s', (input, output) => {
    expect(fontWeightIsBold(input)).toBe(output);
  });
});

describe('parseStyle', () => {
  it('reads declarations by lower-case name, last one winning, without !important', () => {
    expect(
      Object.fromEntries(
        parseStyle('COLOR: Red ; font-weight:700 !important;; white-space:pre;white-space:pre-wrap; bad'),
      ),
    ).toEqual({
      color: 'Red',
      'font-weight': '700',
      'white-space': 'pre-wrap',
    });
  });
});
