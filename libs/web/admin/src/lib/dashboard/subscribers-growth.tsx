import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { StatsRange, SubscriberGrowth } from '@blog/contracts';
import { trpc } from '@blog/web/data';
import { AdminTable } from '../forms/admin-table';
import { formatCount } from '../forms/format';
import { QueryView } from '../forms/query-view';
import { LABELS } from '../labels';
import { ChartPlot } from './stats-chart';

const labels = LABELS.subscribers;

/**
 * The dashboard's Subscribers part, over the statistics' period (`subscribers.growth`): the confirmed
 * subscribers now, how many joined and left in the period, and the confirmed subscribers by day (a line,
 * with its figures in a table).
 */
export function SubscribersGrowth({ range }: { range: StatsRange }) {
  // The old period's figures stay on screen while the new one loads, as the statistics' do.
  const growth = trpc.subscribers.growth.useQuery(range, { staleTime: 0, placeholderData: keepPreviousData });
  return (
    <QueryView query={growth} inline>
      {(data) => <Growth growth={data} />}
    </QueryView>
  );
}

function Growth({ growth: { days } }: { growth: SubscriberGrowth }) {
  if (days.every((day) => day.confirmed === 0 && day.left === 0)) return <p>{labels.noGrowth}</p>;
  const figures = [
    { label: labels.confirmedNow, value: days.at(-1)?.confirmed ?? 0 },
    { label: labels.joined, value: days.reduce((sum, day) => sum + day.joined, 0) },
    { label: labels.left, value: days.reduce((sum, day) => sum + day.left, 0) },
  ];
  const max = Math.max(1, ...days.map((day) => day.confirmed));
  const from = days[0]?.day ?? '';
  const to = days.at(-1)?.day ?? '';
  return (
    <>
      <div className="admin-stats">
        {figures.map(({ label, value }) => (
          <div key={label} className="admin-stat" role="group" aria-label={label}>
            <strong>{formatCount(value)}</strong> {label}
          </div>
        ))}
      </div>
      <figure className="admin-chart">
        <ChartPlot
          label={`${labels.chart}, ${from} to ${to}`}
          max={max}
          count={days.length}
          series={[{ key: 'confirmed', values: days.map((day) => day.confirmed) }]}
        />
        <figcaption>
          <span className="admin-chart__axis">
            <span>{from}</span>
            <span>{to}</span>
          </span>
        </figcaption>
        <details>
          <summary>{labels.showTable}</summary>
          <AdminTable columns={labels.growthColumns}>
            {days.map((day) => (
              <tr key={day.day}>
                <td>{day.day}</td>
                <td>{formatCount(day.confirmed)}</td>
                <td>{formatCount(day.joined)}</td>
                <td>{formatCount(day.left)}</td>
              </tr>
            ))}
          </AdminTable>
        </details>
      </figure>
      <Link to="/admin/subscribers">{labels.screenLink}</Link>
    </>
  );
}
