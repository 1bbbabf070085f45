import type { StatsDay } from '@blog/contracts';
import { AdminTable } from '../forms/admin-table';
import { LABELS } from '../labels';
import { formatCount } from '../forms/format';

const labels = LABELS.stats;
const WIDTH = 600;
const HEIGHT = 200;

/** The SVG path of `values` over the chart's box, the highest value `max` at the top. */
function linePath(values: number[], count: number, max: number): string {
  const step = count > 1 ? WIDTH / (count - 1) : 0;
  return values
    .map(
      (value, index) =>
        `${index === 0 ? 'M' : 'L'}${(index * step).toFixed(1)},${(HEIGHT - (value / max) * HEIGHT).toFixed(1)}`,
    )
    .join(' ');
}

/**
 * Visitors and page views per day, the previous period's (day for day) in lighter dashed lines: an SVG
 * drawn here, no chart library, that stretches to its box's width; the same figures in a table beside it
 * for screen readers and for reading exact numbers.
 */
export function StatsChart({ days, previous }: { days: StatsDay[]; previous: StatsDay[] }) {
  const max = Math.max(1, ...[...days, ...previous].flatMap((day) => [day.views, day.visitors]));
  const count = days.length;
  const from = days[0]?.day ?? '';
  const to = days[count - 1]?.day ?? '';
  const series = [
    { key: 'previousViews', values: previous.map((day) => day.views) },
    { key: 'previousVisitors', values: previous.map((day) => day.visitors) },
    { key: 'views', values: days.map((day) => day.views) },
    { key: 'visitors', values: days.map((day) => day.visitors) },
  ] as const;
  return (
    <figure className="admin-chart">
      <ChartPlot label={labels.chartName(from, to)} max={max} count={count} series={series} />
      <figcaption>
        <span className="admin-chart__axis">
          <span>{from}</span>
          <span>{to}</span>
        </span>
        <span className="admin-chart__legend">
          {series.map(({ key }) => (
            <span key={key} className={`admin-chart__key admin-chart__key--${key}`}>
              {labels.legend[key]}
            </span>
          ))}
        </span>
      </figcaption>
      <details>
        <summary>{labels.showTable}</summary>
        <AdminTable columns={labels.dayColumns}>
          {days.map((day, index) => (
            <tr key={day.day}>
              <td>{day.day}</td>
              <td>{formatCount(day.views)}</td>
              <td>{formatCount(day.visitors)}</td>
              <td>{previous[index]?.day ?? '—'}</td>
              <td>{previous[index] ? formatCount(previous[index].views) : '—'}</td>
              <td>{previous[index] ? formatCount(previous[index].visitors) : '—'}</td>
            </tr>
          ))}
        </AdminTable>
      </details>
    </figure>
  );
}

/**
 * A chart's box: its highest figure in a corner and a line per series (`key` names its colour in admin.css),
 * `count` points each, stretched to the box's width.
 */
export function ChartPlot({
  label,
  max,
  count,
  series,
}: {
  label: string;
  max: number;
  count: number;
  series: ReadonlyArray<{ key: string; values: number[] }>;
}) {
  return (
    <div className="admin-chart__plot">
      <span className="admin-chart__max">{formatCount(max)}</span>
      <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none">
        {series.map(({ key, values }) => (
          <path
            key={key}
            className={`admin-chart__line admin-chart__line--${key}`}
            d={linePath(values.slice(0, count), count, max)}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
    </div>
  );
}
