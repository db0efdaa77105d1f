import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { OFFICE_TIME_ZONE, todayIn } from '@visa/shared/dates';
import type { Currency, Fee, NewEntryInput } from '@visa/shared/money';
import {
  KIND_WORDS,
  METHOD_WORDS,
  MONEY_WORDS as T,
  OFFICE_METHODS,
  type OfficeMethod,
  WALLET_HINTS,
  formatMinor,
  minorText,
  parseMinor,
  parseRateMicros,
  takaOf,
} from '@visa/shared/money-words';
import type { MoneyAction } from '../api/money';
import { sendAction } from '../../../lib/form-actions';
import { Field } from '../../../components/field';
import { usePageForm } from '../../../lib/page-form';

type Kind = 'charge' | 'discount' | 'payment';
type Method = OfficeMethod;
type Values = {
  kind: Kind;
  feeCode: string;
  description: string;
  amount: string;
  currency: Currency;
  rate: string;
  method: Method;
  transactionId: string;
  reference: string;
  occurredOn: string;
};
const FIELDS = ['description', 'amount', 'currency', 'rate', 'method', 'transactionId', 'reference', 'occurredOn'] as const;
type FieldName = (typeof FIELDS)[number];
/** The API's paths by the form's fields: amounts are sent in minor units under their own names. */
const API_FIELDS: Record<string, FieldName> = { amountMinor: 'amount', rateMicros: 'rate', feeCode: 'description' };
const asField = (path: string): FieldName | null =>
  API_FIELDS[path] ?? ((FIELDS as readonly string[]).includes(path) ? (path as FieldName) : null);

const isWallet = (method: Method): boolean => WALLET_HINTS[method] !== undefined;

/**
 * A charge (from the fee schedule of the file's visa type, or any amount; a fee in dollars asks for
 * the day's rate), a discount or a payment taken at the office (ADR 0084). What staff type is read
 * into paisa or cents with integer arithmetic; the API's refusals show at their fields.
 */
export function EntryForm({ fees, busy, onSubmit }: { fees: Fee[]; busy: boolean; onSubmit: (action: MoneyAction) => Promise<unknown> }) {
  const pageForm = usePageForm('Saving…');
  const id = useId();
  const today = todayIn(OFFICE_TIME_ZONE);
  const defaults: Values = {
    kind: 'payment',
    feeCode: '',
    description: '',
    amount: '',
    currency: 'BDT',
    rate: '',
    method: 'cash',
    transactionId: '',
    reference: '',
    occurredOn: today,
  };
  const { register, handleSubmit, watch, setValue, setError, reset, formState } = useForm<Values>({ defaultValues: defaults });
  const [kind, currency, method, amount, rate] = watch(['kind', 'currency', 'method', 'amount', 'rate']);
  const errors = formState.errors;
  const dollars = kind === 'charge' && currency === 'CAD';
  const amountMinor = parseMinor(amount);
  const rateMicros = parseRateMicros(rate);

  const pickFee = (code: string) => {
    setValue('feeCode', code);
    const fee = fees.find((f) => f.code === code);
    if (!fee) return;
    setValue('description', fee.label);
    setValue('amount', minorText(fee.amountMinor));
    setValue('currency', fee.currency);
  };

  const submit = handleSubmit(async (v) => {
    const minor = parseMinor(v.amount);
    if (minor === null) return setError('amount', { message: T.amountInvalid });
    let body: NewEntryInput;
    if (v.kind === 'charge') {
      const micros = v.currency === 'CAD' ? parseRateMicros(v.rate) : null;
      if (v.currency === 'CAD' && micros === null) return setError('rate', { message: T.rateInvalid });
      body = {
        kind: 'charge',
        description: v.description,
        amountMinor: minor,
        currency: v.currency,
        occurredOn: v.occurredOn,
        ...(v.feeCode ? { feeCode: v.feeCode } : {}),
        ...(micros === null ? {} : { rateMicros: micros }),
      };
    } else if (v.kind === 'discount') {
      body = { kind: 'discount', description: v.description, amountMinor: minor, occurredOn: v.occurredOn };
    } else {
      body = {
        kind: 'payment',
        method: v.method,
        amountMinor: minor,
        occurredOn: v.occurredOn,
        ...(isWallet(v.method) ? { transactionId: v.transactionId } : {}),
        ...(v.method === 'cheque' || v.method === 'bank' ? { reference: v.reference } : {}),
        ...(v.description ? { description: v.description } : {}),
      };
    }
    if (
      await sendAction(
        () => onSubmit({ kind: 'entry', body }),
        (field, message) => setError(field, { message }),
        asField,
        T.failed,
      )
    ) {
      toast.success(T.saved[v.kind]);
      reset({ ...defaults, kind: v.kind });
    }
  });

  const walletHint = kind === 'payment' ? WALLET_HINTS[method] : undefined;
  const referenceLabel = kind === 'payment' && (method === 'cheque' || method === 'bank') ? T.reference[method] : null;

  return (
    <Form {...pageForm} noValidate aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
      <h3 id={`${id}-title`} className="h6">
        {T.formTitle}
      </h3>
      {errors.root && (
        <Alert variant="danger" className="py-2">
          {errors.root.message}
        </Alert>
      )}
      <fieldset className="mb-2">
        <legend className="form-label fs-6 mb-1">{T.kind}</legend>
        {(['payment', 'charge', 'discount'] as const).map((k) => (
          <Form.Check key={k} inline type="radio" id={`${id}-kind-${k}`} label={KIND_WORDS[k]} value={k} {...register('kind')} />
        ))}
      </fieldset>
      {kind === 'charge' && (
        <Field id={`${id}-fee`} label={T.fee}>
          {(p) => (
            <Form.Select {...p} {...register('feeCode', { onChange: (e: { target: { value: string } }) => pickFee(e.target.value) })}>
              <option value="">{T.otherAmount}</option>
              {fees.map((f) => (
                <option key={f.code} value={f.code}>
                  {f.label} — {formatMinor(f.amountMinor, f.currency)}
                </option>
              ))}
            </Form.Select>
          )}
        </Field>
      )}
      {kind === 'payment' && (
        <Field id={`${id}-method`} label={T.method} error={errors.method?.message}>
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
      )}
      {kind === 'charge' && (
        <Field id={`${id}-currency`} label={T.currency} error={errors.currency?.message}>
          {(p) => (
            <Form.Select {...p} {...register('currency')}>
              <option value="BDT">{T.currencies.BDT}</option>
              <option value="CAD">{T.currencies.CAD}</option>
            </Form.Select>
          )}
        </Field>
      )}
      <Field id={`${id}-amount`} label={T.amount(dollars ? 'CAD' : 'BDT')} error={errors.amount?.message} hint={T.amountHint}>
        {(p) => <Form.Control {...p} inputMode="decimal" autoComplete="off" {...register('amount')} />}
      </Field>
      {dollars && (
        <Field
          id={`${id}-rate`}
          label={T.rate}
          error={errors.rate?.message}
          hint={amountMinor !== null && rateMicros !== null ? T.inTaka(formatMinor(takaOf(amountMinor, rateMicros))) : T.rateHint}
        >
          {(p) => <Form.Control {...p} inputMode="decimal" autoComplete="off" {...register('rate')} />}
        </Field>
      )}
      {walletHint && (
        <Field id={`${id}-txn`} label={T.transactionId} error={errors.transactionId?.message} hint={walletHint}>
          {(p) => <Form.Control {...p} autoComplete="off" maxLength={40} {...register('transactionId')} />}
        </Field>
      )}
      {referenceLabel && (
        <Field id={`${id}-reference`} label={referenceLabel} error={errors.reference?.message}>
          {(p) => <Form.Control {...p} autoComplete="off" maxLength={60} {...register('reference')} />}
        </Field>
      )}
      <Field
        id={`${id}-description`}
        label={kind === 'charge' ? T.chargeFor : kind === 'discount' ? T.discountWhy : T.note}
        error={errors.description?.message}
      >
        {(p) => <Form.Control {...p} maxLength={200} {...register('description')} />}
      </Field>
      <Field id={`${id}-date`} label={T.date} error={errors.occurredOn?.message}>
        {(p) => <Form.Control type="date" max={today} {...p} {...register('occurredOn')} />}
      </Field>
      <Button type="submit" size="sm" disabled={busy}>
        {T.record}
      </Button>
    </Form>
  );
}
