import { useFieldArray } from 'react-hook-form';
import { PROJECT_RESULTS_MAX_COUNT } from '@blog/contracts';
import { Field } from '../forms/field';
import { LABELS } from '../labels';
import { MoveButtons } from '../ordering/move-buttons';
import type { ProjectFormApi } from './project-form';

const TEXT = LABELS.project.fields;

/** The results as label/value rows: added, removed, and moved up or down with the keyboard. */
export function ResultsField({ form }: { form: ProjectFormApi }) {
  const { control, register, formState } = form;
  const rows = useFieldArray({ control, name: 'results' });
  const errors = formState.errors.results;
  return (
    <fieldset className="admin-fieldset">
      <legend>{TEXT.results}</legend>
      <p className="admin-field-hint">{TEXT.resultsHint}</p>
      <ol className="admin-rows">
        {rows.fields.map((row, index) => (
          <li key={row.id}>
            <Field
              label={TEXT.resultLabel(index + 1)}
              required
              error={errors?.[index]?.label?.message}
              {...register(`results.${index}.label`)}
            />
            <Field
              label={TEXT.resultValue(index + 1)}
              required
              error={errors?.[index]?.value?.message}
              {...register(`results.${index}.value`)}
            />
            <MoveButtons
              name={TEXT.result(index + 1)}
              first={index === 0}
              last={index === rows.fields.length - 1}
              onMove={(direction) => rows.move(index, direction === 'up' ? index - 1 : index + 1)}
            />
            <button type="button" className="admin-button admin-button--danger" onClick={() => rows.remove(index)}>
              {TEXT.resultRemove(index + 1)}
            </button>
          </li>
        ))}
      </ol>
      {errors?.message && <p className="admin-field-error">{errors.message}</p>}
      <button
        type="button"
        className="admin-button"
        disabled={rows.fields.length >= PROJECT_RESULTS_MAX_COUNT}
        onClick={() => rows.append({ label: '', value: '' })}
      >
        {TEXT.resultAdd}
      </button>
    </fieldset>
  );
}
