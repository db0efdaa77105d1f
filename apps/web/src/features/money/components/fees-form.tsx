import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { VISA_TYPES, type VisaType } from '@visa/shared/document-requests';
import type { Currency, FeeSchedule } from '@visa/shared/money';
import { FEE_WORDS as F, MONEY_WORDS as T, minorText, parseMinor } from '@visa/shared/money-words';
import { LOADING } from '@visa/shared/staff-texts';
import { LoadingStatus } from '../../../components/loading-status';
import { useFeeSchedule, useSaveFeeSchedule } from '../api/money';
import { sendAction } from '../../../lib/form-actions';
import { Field } from '../../../components/field';
import { usePageForm } from '../../../lib/page-form';

/** A fee as the form holds it: its amount as typed; `key` keeps a row's fields while rows above it go. */
type Row = { key: number; code: string; label: string; labelBn: string; amount: string; currency: Currency; passThrough: boolean };
type Draft = Record<VisaType, Row[]>;

let nextKey = 0;
const toDraft = (schedule: FeeSchedule): Draft => {
  const draft = {} as Draft;
  for (const type of VISA_TYPES)
    draft[type] = (schedule.fees[type] ?? []).map(({ code, label, labelBn, amountMinor, currency, passThrough }) => ({
      key: nextKey++,
      code,
      label,
      labelBn,
      amount: minorText(amountMinor),
      currency,
      passThrough,
    }));
  return draft;
};

/** A new fee's code from its name, when none was typed: "VFS service charge" → "vfs-service-charge". */
const codeFrom = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** Settings → Fees (ADR 0084): the fees staff charge from, per visa type; the owner's to change. */
export function FeesForm() {
  const query = useFeeSchedule();
  if (query.isPending) return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  if (query.isError) return <p className="text-danger mb-0">{F.loadError}</p>;
  return <FeesEditor schedule={query.data} />;
}

function FeesEditor({ schedule }: { schedule: FeeSchedule }) {
  const pageForm = usePageForm('Saving…');
  const id = useId();
  const save = useSaveFeeSchedule();
  const [draft, setDraft] = useState(() => toDraft(schedule));
  // Messages by the API's paths (fees.Work.0.amountMinor), the form's own checks included.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const change = (type: VisaType, key: number, patch: Partial<Row>) =>
    setDraft((d) => ({ ...d, [type]: d[type].map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
  const remove = (type: VisaType, key: number) => setDraft((d) => ({ ...d, [type]: d[type].filter((r) => r.key !== key) }));
  const add = (type: VisaType) =>
    setDraft((d) => ({
      ...d,
      [type]: [...d[type], { key: nextKey++, code: '', label: '', labelBn: '', amount: '', currency: 'BDT', passThrough: false }],
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const fees = Object.fromEntries(
      VISA_TYPES.map((type) => [
        type,
        draft[type].map((r, i) => {
          const amountMinor = parseMinor(r.amount);
          if (amountMinor === null) found[`fees.${type}.${i}.amountMinor`] = F.amountInvalid;
          const { code, label, labelBn, currency, passThrough } = r;
          return { code: code.trim() || codeFrom(label), label, labelBn, amountMinor: amountMinor ?? 0, currency, passThrough };
        }),
      ]),
    ) as FeeSchedule['fees'];
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const show = (path: string, message: string) =>
      path === 'root' ? setFormError(message) : setErrors((e) => (path in e ? e : { ...e, [path]: message }));
    const send = async () => setDraft(toDraft(await save.mutateAsync({ fees })));
    if (await sendAction(send, show, (path) => path, T.failed)) toast.success(F.saved);
  };

  return (
    <Form {...pageForm} noValidate aria-label={F.save} onSubmit={(e) => void submit(e)}>
      {formError && (
        <Alert variant="danger" className="py-2">
          {formError}
        </Alert>
      )}
      {VISA_TYPES.map((type) => (
        <section key={type} aria-labelledby={`${id}-${type}`} className="mb-3">
          <h3 id={`${id}-${type}`} className="h6">
            {F.visaType(type)}
          </h3>
          {draft[type].length === 0 && <p className="text-body-secondary small">{F.none}</p>}
          {draft[type].map((row, i) => {
            const at = (field: string) => `fees.${type}.${i}.${field}`;
            const fid = (field: string) => `${id}-${type}-${row.key}-${field}`;
            const name = row.label || F.fee(type, i + 1);
            return (
              <fieldset key={row.key} className="border rounded p-2 mb-2" data-testid="fee-row">
                <legend className="fs-6 float-none w-auto px-1 mb-0">{F.fee(type, i + 1)}</legend>
                <div className="row g-2">
                  <div className="col-12 col-md-6">
                    <Field id={fid('label')} label={F.label} error={errors[at('label')]}>
                      {(p) => (
                        <Form.Control
                          {...p}
                          maxLength={80}
                          value={row.label}
                          onChange={(e) => change(type, row.key, { label: e.target.value })}
                        />
                      )}
                    </Field>
                  </div>
                  <div className="col-12 col-md-6">
                    <Field id={fid('labelBn')} label={F.labelBn} error={errors[at('labelBn')]}>
                      {(p) => (
                        <Form.Control
                          {...p}
                          lang="bn"
                          maxLength={80}
                          value={row.labelBn}
                          onChange={(e) => change(type, row.key, { labelBn: e.target.value })}
                        />
                      )}
                    </Field>
                  </div>
                  <div className="col-6 col-md-3">
                    <Field id={fid('amount')} label={F.amount} error={errors[at('amountMinor')]}>
                      {(p) => (
                        <Form.Control
                          {...p}
                          inputMode="decimal"
                          autoComplete="off"
                          value={row.amount}
                          onChange={(e) => change(type, row.key, { amount: e.target.value })}
                        />
                      )}
                    </Field>
                  </div>
                  <div className="col-6 col-md-3">
                    <Field id={fid('currency')} label={F.currency} error={errors[at('currency')]}>
                      {(p) => (
                        <Form.Select
                          {...p}
                          value={row.currency}
                          onChange={(e) => change(type, row.key, { currency: e.target.value as Currency })}
                        >
                          <option value="BDT">{T.currencies.BDT}</option>
                          <option value="CAD">{T.currencies.CAD}</option>
                        </Form.Select>
                      )}
                    </Field>
                  </div>
                  <div className="col-12 col-md-6">
                    <Field id={fid('code')} label={F.code} error={errors[at('code')]} hint={F.codeHint}>
                      {(p) => (
                        <Form.Control
                          {...p}
                          maxLength={40}
                          value={row.code}
                          onChange={(e) => change(type, row.key, { code: e.target.value })}
                        />
                      )}
                    </Field>
                  </div>
                </div>
                <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
                  <Form.Check
                    type="checkbox"
                    id={fid('pass')}
                    label={F.passThrough}
                    checked={row.passThrough}
                    onChange={(e) => change(type, row.key, { passThrough: e.target.checked })}
                  />
                  <Button size="sm" variant="outline-danger" aria-label={F.removeLabel(name)} onClick={() => remove(type, row.key)}>
                    {F.remove}
                  </Button>
                </div>
              </fieldset>
            );
          })}
          {errors[`fees.${type}`] && <p className="text-danger small">{errors[`fees.${type}`]}</p>}
          <Button size="sm" variant="outline-secondary" onClick={() => add(type)}>
            {F.add(type)}
          </Button>
        </section>
      ))}
      <Button type="submit" disabled={save.isPending}>
        {F.save}
      </Button>
    </Form>
  );
}
