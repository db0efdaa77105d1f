import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { FinancialRetention } from '@visa/shared/money-reports';
import { FINANCIAL_RETENTION_WORDS as W } from '@visa/shared/money-settings-words';
import { parseDecimal } from '@visa/shared/money-words';
import { LOADING } from '@visa/shared/staff-texts';
import { Field } from '../../../components/field';
import { SettingsSectionForm } from '../../../components/settings-section-form';
import { LoadingStatus } from '../../../components/loading-status';
import { sendAction } from '../../../lib/form-actions';
import { useFinancialRetention, useSaveFinancialRetention } from '../api/get-reports';

type Values = { years: string };

/** Settings → Keeping financial records (ADR 0092): the years the books stay after an applicant's data goes. */
export function FinancialRetentionForm() {
  const query = useFinancialRetention();
  if (query.isPending) return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  if (query.isError) return <p className="text-danger mb-0">{W.loadError}</p>;
  return <FinancialRetentionEditor setting={query.data} />;
}

function FinancialRetentionEditor({ setting }: { setting: FinancialRetention }) {
  const id = useId();
  const save = useSaveFinancialRetention();
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({ defaultValues: { years: String(setting.years) } });
  const errors = formState.errors;
  const show = (field: keyof Values | 'root', message: string) => setError(field, { message });

  const submit = handleSubmit(async (v) => {
    // Whole years only, Bengali digits read too; the API checks the range and says so at the field.
    const years = /^[\d০-৯]+$/.test(v.years.trim()) ? parseDecimal(v.years, 0) : null;
    if (years === null) return setError('years', { message: W.yearsInvalid });
    const send = async () => reset({ years: String((await save.mutateAsync({ years })).years) });
    if (await sendAction(send, show, (path) => (path === 'years' ? 'years' : null), W.failed)) toast.success(W.saved);
  });

  return (
    <SettingsSectionForm words={W} error={errors.root?.message} saving={save.isPending} onSubmit={(e) => void submit(e)}>
      <div className="row">
        <div className="col-12 col-md-6">
          <Field id={`${id}-years`} label={W.years} error={errors.years?.message} hint={W.yearsHint}>
            {(p) => <Form.Control {...p} {...register('years')} inputMode="numeric" autoComplete="off" maxLength={3} />}
          </Field>
        </div>
      </div>
    </SettingsSectionForm>
  );
}
