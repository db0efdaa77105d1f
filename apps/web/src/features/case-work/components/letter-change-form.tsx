import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { CASE_UI_TEXTS as T } from '@visa/shared/case-ui-texts';
import { LETTER_LABELS, type Letter } from '@visa/shared/case-work';
import type { CaseAction } from '../api/case';
import { sendAction } from '../../../lib/form-actions';
import { Field } from '../../../components/field';
import type { StaffOption } from './owner-select';
import { usePageForm } from '../../../lib/page-form';

type Values = { deadline: string; reason: string; ownerId: string };
const asField = (path: string) => (['deadline', 'reason', 'ownerId'].includes(path) ? (path as keyof Values) : null);

/** An open letter's deadline moved (which asks why) or, for those who may, its owner changed. */
export function LetterChangeForm({
  letter,
  staff,
  busy,
  onSubmit,
  onDone,
}: {
  letter: Letter;
  staff: StaffOption[] | null;
  busy: boolean;
  onSubmit: (action: CaseAction) => Promise<unknown>;
  onDone: () => void;
}) {
  const pageForm = usePageForm('Saving…');
  const id = useId();
  const { register, handleSubmit, watch, setError, formState } = useForm<Values>({
    defaultValues: { deadline: letter.deadline, reason: letter.reason, ownerId: letter.owner?._id ?? '' },
  });
  const deadline = watch('deadline');
  const moves = deadline !== letter.deadline;
  const errors = formState.errors;
  const show = (field: keyof Values | 'root', message: string) => setError(field, { message });

  const submit = handleSubmit(async (values) => {
    const body = {
      ...(moves ? { deadline: values.deadline, reason: values.reason } : {}),
      ...(values.ownerId && values.ownerId !== (letter.owner?._id ?? '') ? { ownerId: values.ownerId } : {}),
    };
    if (await sendAction(() => onSubmit({ kind: 'change', letterId: letter._id, body }), show, asField, T.failed)) {
      toast.success(T.letterChanged);
      onDone();
    }
  });

  return (
    <Form
      {...pageForm}
      noValidate
      className="border rounded p-2 mt-2"
      aria-label={T.changeLetter(LETTER_LABELS[letter.kind])}
      onSubmit={(e) => void submit(e)}
    >
      {errors.root && (
        <Alert variant="danger" className="py-2">
          {errors.root.message}
        </Alert>
      )}
      <Field id={`${id}-deadline`} label={T.newDeadline} error={errors.deadline?.message}>
        {(p) => <Form.Control type="date" {...p} {...register('deadline')} />}
      </Field>
      {moves && (
        <Field id={`${id}-reason`} label={T.reason} error={errors.reason?.message}>
          {(p) => <Form.Control {...p} maxLength={300} {...register('reason')} />}
        </Field>
      )}
      {staff && (
        <Field id={`${id}-owner`} label={T.letterOwner} error={errors.ownerId?.message}>
          {(p) => (
            <Form.Select {...p} {...register('ownerId')}>
              {!letter.owner && <option value="">{T.owner(null)}</option>}
              {staff.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.name}
                </option>
              ))}
            </Form.Select>
          )}
        </Field>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {T.saveChange}
        </Button>
        <Button type="button" size="sm" variant="outline-secondary" onClick={onDone}>
          {T.cancel}
        </Button>
      </div>
    </Form>
  );
}
