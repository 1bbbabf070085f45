import { LABELS } from '../labels';

const labels = LABELS.stateTabs;

/** All and each state of a list, with how many when known: pressing one lists them. */
export function StateTabs<State extends string>({
  states,
  names,
  state,
  counts,
  allCount,
  onChange,
}: {
  states: readonly State[];
  names: Record<State, string>;
  /** The state listed; undefined: all. */
  state: State | undefined;
  counts: Partial<Record<State, number>> | undefined;
  allCount?: number;
  onChange: (state: State | undefined) => void;
}) {
  return (
    <div role="group" aria-label={labels.label} className="admin-segmented">
      <button type="button" className="admin-button" aria-pressed={!state} onClick={() => onChange(undefined)}>
        {labels.tab(labels.all, allCount)}
      </button>
      {states.map((each) => (
        <button
          key={each}
          type="button"
          className="admin-button"
          aria-pressed={state === each}
          onClick={() => onChange(each)}
        >
          {labels.tab(names[each], counts?.[each])}
        </button>
      ))}
    </div>
  );
}
