import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { CASE_UI_TEXTS as T } from '@visa/shared/case-ui-texts';
import {
  type CaseView,
  LETTER_LABELS,
  NewStepSchema,
  STEP_CLOSES,
  HANDOVER_STEPS,
  STEP_KINDS,
  STEP_LABELS,
  type StepKind,
} from '@visa/shared/case-work';
import { formatDate } from '@visa/shared/dates';
import type { CaseAction } from '../api/case';
import { sendAction, showIssues } from '../../../lib/form-actions';
import { Field } from '../../../components/field';
import { usePageForm } from '../../../lib/page-form';

type Values = { kind: StepKind | ''; date: string; irccNumber: string; stage: string; letterId: string; note: string };
const FIELDS = ['kind', 'date', 'irccNumber', 'stage', 'letterId', 'note'] as const;
const asField = (path: string) => ((FIELDS as readonly string[]).includes(path) ? (path as (typeof FIELDS)[number]) : null);

/**
 * A step of the case: the IRCC number for a submission, the stage for a move (the office's visible
 * stages; the decision is Approve or Reject), and which letter it answers when several are open.
 */
export function StepForm({ view, busy, onSubmit }: { view: CaseView; busy: boolean; onSubmit: (action: CaseAction) => Promise<unknown> }) {
  const pageForm = usePageForm('Saving…');
  const id = useId();
  const { register, handleSubmit, watch, setError, reset, formState } = useForm<Values>({
    defaultValues: { kind: '', date: '', irccNumber: '', stage: '', letterId: '', note: '' },
  });
  const kind = watch('kind');
  const closes = kind ? STEP_CLOSES[kind] : undefined;
  const answerable = closes ? view.letters.filter((l) => l.doneOn === null && closes.includes(l.kind)) : [];
  const errors = formState.errors;
  const show = (field: (typeof FIELDS)[number] | 'root', message: string) => setError(field, { message });

  const submit = handleSubmit(async (values) => {
    const body = {
      kind: values.kind || undefined,
      date: values.date,
      ...(values.kind === 'submitted' ? { irccNumber: values.irccNumber } : {}),
      ...(values.kind === 'moved' && values.stage ? { stage: values.stage } : {}),
      ...(answerable.length > 1 && values.letterId ? { letterId: values.letterId } : {}),
      note: values.note,
    };
    const checked = NewStepSchema.safeParse(body);
    if (!checked.success) return showIssues(checked.error.issues, show, asField);
    if (await sendAction(() => onSubmit({ kind: 'step', body: checked.data }), show, asField, T.failed)) {
      toast.success(T.stepRecorded);
      reset();
    }
  });

  return (
    <Form {...pageForm} noValidate aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
      <h3 id={`${id}-title`} className="h6">
        {T.stepForm}
      </h3>
      {errors.root && (
        <Alert variant="danger" className="py-2">
          {errors.root.message}
        </Alert>
      )}
      <Field id={`${id}-kind`} label={T.stepKind} error={errors.kind?.message}>
        {(p) => (
          <Form.Select {...p} {...register('kind')}>
            <option value="">{T.choose}</option>
            {STEP_KINDS.filter((k) => !HANDOVER_STEPS.includes(k)).map((k) => (
              <option key={k} value={k}>
                {STEP_LABELS[k]}
              </option>
            ))}
          </Form.Select>
        )}
      </Field>
      <Field id={`${id}-date`} label={T.stepDate} error={errors.date?.message}>
        {(p) => <Form.Control type="date" {...p} {...register('date')} />}
      </Field>
      {kind === 'submitted' && (
        <Field id={`${id}-ircc`} label={T.irccNumber} error={errors.irccNumber?.message} hint={T.irccNumberHint}>
          {(p) => <Form.Control {...p} autoComplete="off" maxLength={20} {...register('irccNumber')} />}
        </Field>
      )}
      {kind === 'moved' && (
        <Field id={`${id}-stage`} label={T.moveTo} error={errors.stage?.message}>
          {(p) => (
            <Form.Select {...p} {...register('stage')}>
              <option value="">{T.choose}</option>
              {view.stages
                .filter((s) => !s.hidden && s.key !== 'decision')
                .map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.en}
                  </option>
                ))}
            </Form.Select>
          )}
        </Field>
      )}
      {answerable.length > 1 && (
        <Field id={`${id}-letter`} label={T.whichLetter} error={errors.letterId?.message}>
          {(p) => (
            <Form.Select {...p} {...register('letterId')}>
              <option value="">{T.everyOpenLetter}</option>
              {answerable.map((l) => (
                <option key={l._id} value={l._id}>
                  {LETTER_LABELS[l.kind]}, {T.letterDated(formatDate(l.letterDate)).toLowerCase()}
                </option>
              ))}
            </Form.Select>
          )}
        </Field>
      )}
      <Field id={`${id}-note`} label={T.note} error={errors.note?.message}>
        {(p) => <Form.Control {...p} maxLength={300} {...register('note')} />}
      </Field>
      <Button type="submit" size="sm" disabled={busy}>
        {T.recordStep}
      </Button>
    </Form>
  );
}
