import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { LedgerEntry } from '@visa/shared/money';
import { METHOD_WORDS, MONEY_WORDS as T, OFFICE_METHODS, isGatewayPayment, minorText, parseMinor } from '@visa/shared/money-words';
import type { MoneyAction } from '../api/money';
import { sendAction } from '../../../lib/form-actions';
import { Field } from '../../../components/field';
import { usePageForm } from '../../../lib/page-form';

type Values = { reason: string; amount: string; method: string };
const API_FIELDS: Record<string, keyof Values> = { reason: 'reason', amountMinor: 'amount', method: 'method' };

/**
 * A super-admin's correction of one entry (ADR 0084): a reversal that undoes it, or a refund of
 * (part of) a payment, each with its reason. A gateway's payment goes back through the gateway.
 */
export function CorrectionForm({
  kind,
  entry,
  name,
  refundable,
  busy,
  onSubmit,
  onDone,
}: {
  kind: 'reversal' | 'refund';
  entry: LedgerEntry;
  name: string;
  refundable: number;
  busy: boolean;
  onSubmit: (action: MoneyAction) => Promise<unknown>;
  onDone: () => void;
}) {
  const pageForm = usePageForm('Saving…');
  const id = useId();
  const byGateway = entry.method !== null && isGatewayPayment(entry.method);
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: { reason: '', amount: minorText(refundable), method: byGateway ? '' : (entry.method ?? 'cash') },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (v) => {
    let action: MoneyAction;
    if (kind === 'reversal') action = { kind: 'reversal', entryId: entry.id, body: { reason: v.reason } };
    else {
      const amountMinor = parseMinor(v.amount);
      if (amountMinor === null) return setError('amount', { message: T.amountInvalid });
      action = { kind: 'refund', entryId: entry.id, body: { amountMinor, reason: v.reason, ...(byGateway ? {} : { method: v.method }) } };
    }
    const show = (field: keyof Values | 'root', message: string) => setError(field, { message });
    if (
      await sendAction(
        () => onSubmit(action),
        show,
        (path) => API_FIELDS[path] ?? null,
        T.failed,
      )
    ) {
      toast.success(kind === 'reversal' ? T.reversedDone : T.refundedDone);
      onDone();
    }
  });

  return (
    <Form {...pageForm} noValidate aria-labelledby={`${id}-title`} className="mt-2 p-2 border rounded" onSubmit={(e) => void submit(e)}>
      <h4 id={`${id}-title`} className="h6">
        {kind === 'reversal' ? T.reverseTitle(name) : T.refundTitle(name)}
      </h4>
      {errors.root && (
        <Alert variant="danger" className="py-2">
          {errors.root.message}
        </Alert>
      )}
      {kind === 'refund' && (
        <Field id={`${id}-amount`} label={T.refundAmount} error={errors.amount?.message}>
          {(p) => <Form.Control {...p} inputMode="decimal" autoComplete="off" {...register('amount')} />}
        </Field>
      )}
      {kind === 'refund' &&
        (byGateway ? (
          <p className="small">{T.gatewayRefund}</p>
        ) : (
          <Field id={`${id}-method`} label={T.refundMethod} error={errors.method?.message}>
            {(p) => (
              <Form.Select {...p} {...register('method')}>
                {OFFICE_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {METHOD_WORDS[m]}
                  </option>
                ))}
              </Form.Select>
            )}
          </Field>
        ))}
      <Field id={`${id}-reason`} label={T.reason} error={errors.reason?.message}>
        {(p) => <Form.Control {...p} maxLength={200} {...register('reason')} />}
      </Field>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="danger" disabled={busy}>
          {kind === 'reversal' ? T.confirmReverse : T.confirmRefund}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          {T.cancel}
        </Button>
      </div>
    </Form>
  );
}
