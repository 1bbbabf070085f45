import { screen, waitFor, within } from '@testing-library/react';
import { trpcError } from '@blog/web/data/testing';
import { growthOf, NO_STATS } from '../../testing/stats-answers';
import { renderAdmin } from '../../testing/render-admin';
import { LABELS } from '../labels';
import { StatsSection } from './stats-section';
import { addDays, siteToday } from './stats-range';

const growthAsked = (calls: Array<{ path: string; input: unknown }>) =>
  calls.filter((call) => call.path === 'subscribers.growth').map((call) => call.input);

describe('the dashboard’s Subscribers part', () => {
  it('shows the confirmed subscribers now, who joined and left in the period, and the confirmed by day', async () => {
    const { user, calls } = renderAdmin(<StatsSection />, {
      answers: {
        ...NO_STATS,
        // 100 confirmed 30 days ago, 2 more each day, one leaving every third day.
        'subscribers.growth': (input) =>
          growthOf(input, (index) => [100 + 2 * index - Math.floor(index / 3), 2, index % 3 === 2 ? 1 : 0]),
      },
    });
    const part = await screen.findByRole('region', { name: 'Subscribers' });
    const thirty = { from: addDays(siteToday(), -29), to: siteToday() };
    expect(growthAsked(calls)).toEqual([thirty]);
    expect(await within(part).findByRole('group', { name: 'confirmed subscribers' })).toHaveTextContent('149');
    expect(within(part).getByRole('group', { name: 'joined in the period' })).toHaveTextContent('60');
    expect(within(part).getByRole('group', { name: 'left in the period' })).toHaveTextContent('10');
    expect(
      within(part).getByRole('img', { name: `Confirmed subscribers by day, ${thirty.from} to ${thirty.to}` }),
    ).toBeInTheDocument();
    const rows = within(part)
      .getAllByRole('row')
      .filter((row) => row.closest('tbody'));
    expect(rows).toHaveLength(30);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([addDays(thirty.from, 2), '104', '2', '1']);
    expect(within(part).getByRole('link', { name: 'Open Subscribers' })).toHaveAttribute('href', '/admin/subscribers');

    // The period of the statistics is the part's too.
    await user.click(screen.getByRole('button', { name: '7 days' }));
    const seven = { from: addDays(siteToday(), -6), to: siteToday() };
    await waitFor(() => expect(growthAsked(calls).at(-1)).toEqual(seven));
    expect(
      await within(part).findByRole('img', { name: `Confirmed subscribers by day, ${seven.from} to ${seven.to}` }),
    ).toBeInTheDocument();
  });

  it('offers a retry in its own place when the figures cannot be loaded', async () => {
    renderAdmin(<StatsSection />, {
      answers: {
        ...NO_STATS,
        'subscribers.growth': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 500);
        },
      },
    });
    const part = await screen.findByRole('region', { name: 'Subscribers' });
    expect(await within(part).findByRole('button', { name: /try again/i })).toBeInTheDocument();
    // The other parts are shown: only this one failed.
    expect(await screen.findAllByText(LABELS.stats.noViews)).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /try again/i })).toHaveLength(1);
  });

  it('says what will appear while nobody has subscribed', async () => {
    renderAdmin(<StatsSection />, { answers: NO_STATS });
    const part = await screen.findByRole('region', { name: 'Subscribers' });
    expect(await within(part).findByText(LABELS.subscribers.noGrowth)).toBeInTheDocument();
    expect(within(part).queryByRole('img')).not.toBeInTheDocument();
  });
});
