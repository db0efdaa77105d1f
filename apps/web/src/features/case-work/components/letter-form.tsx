import { useEffect, useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { CASE_UI_TEXTS as T } from '@visa/shared/case-ui-texts';
import { type CaseSettings, ruleDeadline } from '@visa/shared/case-settings';
import { LETTER_KINDS, LETTER_LABELS, type LetterKind, NewLetterSchema } from '@visa/shared/case-work';
import { formatDate, isIsoDate } from '@visa/shared/dates';
import type { CaseAction } from '../api/case';
import { sendAction, showIssues } from '../../../lib/form-actions';
import { Field } from '../../../components/field';
import { OwnerSelect, type StaffOption } from './owner-select';
import { usePageForm } from '../../../lib/page-form';

type Values = { kind: LetterKind | ''; letterDate: string; deadline: string; reason: string; ownerId: string; note: string };
const FIELDS = ['kind', 'letterDate', 'deadline', 'reason', 'ownerId', 'note'] as const;
const asField = (path: string) => ((FIELDS as readonly string[]).includes(path) ? (path as (typeof FIELDS)[number]) : null);

/**
 * A letter from IRCC (ADR 0077): its deadline starts as the office's rule for the kind and date
 * and may be changed, which asks why.
 */
export function LetterForm({
  settings,
  staff,
  busy,
  onSubmit,
}: {
  settings: CaseSettings;
  /** Who may own it; null when the caller cannot give letters to others. */
  staff: StaffOption[] | null;
  busy: boolean;
  onSubmit: (action: CaseAction) => Promise<unknown>;
}) {
  const pageForm = usePageForm('Saving…');
  const id = useId();
  const { register, handleSubmit, watch, setValue, setError, reset, formState } = useForm<Values>({
    defaultValues: { kind: '', letterDate: '', deadline: '', reason: '', ownerId: '', note: '' },
  });
  const [kind, letterDate, deadline] = watch(['kind', 'letterDate', 'deadline']);
  const rule = kind && isIsoDate(letterDate) ? ruleDeadline(kind, letterDate, settings) : null;
  // A new kind or date brings the rule's deadline back; an edited deadline stays until then.
  useEffect(() => setValue('deadline', rule ?? ''), [rule, setValue]);
  const differs = rule !== null && deadline !== '' && deadline !== rule;
  const errors = formState.errors;
  const show = (field: (typeof FIELDS)[number] | 'root', message: string) => setError(field, { message });

  const submit = handleSubmit(async (values) => {
    const body = {
      kind: values.kind || undefined,
      letterDate: values.letterDate,
      ...(values.deadline ? { deadline: values.deadline } : {}),
      reason: differs ? values.reason : '',
      ...(values.ownerId ? { ownerId: values.ownerId } : {}),
      note: values.note,
    };
    const checked = NewLetterSchema.safeParse(body);
    if (!checked.success) return showIssues(checked.error.issues, show, asField);
    if (await sendAction(() => onSubmit({ kind: 'letter', body: checked.data }), show, asField, T.failed)) {
      toast.success(T.letterEntered);
      reset();
    }
  });

  return (
    <Form {...pageForm} noValidate aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
      <h3 id={`${id}-title`} className="h6">
        {T.letterForm}
      </h3>
      {errors.root && (
        <Alert variant="danger" className="py-2">
          {errors.root.message}
        </Alert>
      )}
      <Field id={`${id}-kind`} label={T.letterKind} error={errors.kind?.message}>
        {(p) => (
          <Form.Select {...p} {...register('kind')}>
            <option value="">{T.choose}</option>
            {LETTER_KINDS.map((k) => (
              <option key={k} value={k}>
                {LETTER_LABELS[k]}
              </option>
            ))}
          </Form.Select>
        )}
      </Field>
      <Field id={`${id}-date`} label={T.letterDate} error={errors.letterDate?.message}>
        {(p) => <Form.Control type="date" {...p} {...register('letterDate')} />}
      </Field>
      <Field
        id={`${id}-deadline`}
        label={T.letterDeadline}
        error={errors.deadline?.message}
        hint={kind ? (rule ? T.ruleDeadline(formatDate(rule)) : settings.letterDays[kind] === null ? T.noRule : undefined) : undefined}
      >
        {(p) => <Form.Control type="date" {...p} {...register('deadline')} />}
      </Field>
      {differs && (
        <Field id={`${id}-reason`} label={T.reason} error={errors.reason?.message}>
          {(p) => <Form.Control {...p} maxLength={300} {...register('reason')} />}
        </Field>
      )}
      {staff && (
        <Field id={`${id}-owner`} label={T.letterOwner} error={errors.ownerId?.message}>
          {(p) => <OwnerSelect {...p} staff={staff} registration={register('ownerId')} />}
        </Field>
      )}
      <Field id={`${id}-note`} label={T.note} error={errors.note?.message}>
        {(p) => <Form.Control {...p} maxLength={300} {...register('note')} />}
      </Field>
      <Button type="submit" size="sm" disabled={busy}>
        {T.enterLetter}
      </Button>
    </Form>
  );
}
