import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { ReceiptSettings } from '@visa/shared/money-receipts';
import { RECEIPT_SETTINGS_WORDS as W, parseVatRate, vatRateInput } from '@visa/shared/money-settings-words';
import { RECEIPT_TEXTS, vatRateText } from '@visa/shared/receipt-words';
import { LOADING } from '@visa/shared/staff-texts';
import { Field } from '../../../components/field';
import { SettingsSectionForm } from '../../../components/settings-section-form';
import { LoadingStatus } from '../../../components/loading-status';
import { sendAction } from '../../../lib/form-actions';
import { useReceiptSettings, useSaveReceiptSettings } from '../api/money';

type Values = { bin: string; vatRate: string };
const API_FIELDS: Record<string, keyof Values> = { bin: 'bin', vatRateBasisPoints: 'vatRate' };

/** Settings → Receipts and VAT (ADR 0088, 0094): the office's BIN and VAT rate, which make receipts Mushak-6.3 tax invoices. */
export function ReceiptSettingsForm() {
  const query = useReceiptSettings();
  if (query.isPending) return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  if (query.isError) return <p className="text-danger mb-0">{W.loadError}</p>;
  return <ReceiptSettingsEditor settings={query.data} />;
}

/** What the receipts print with the saved settings, in both their languages. */
function Preview({ settings: { bin, vatRateBasisPoints } }: { settings: ReceiptSettings }) {
  if (!bin) return <p className="small mb-0">{W.plain}</p>;
  return (
    <ul className="list-unstyled small mb-0">
      {(['en', 'bn'] as const).map((language) => {
        const t = RECEIPT_TEXTS[language];
        return (
          <li key={language} lang={language}>
            {t.mushakTitle} · {t.sellerBin}: {bin} · {t.vatRate}: {vatRateText(vatRateBasisPoints, language)}
          </li>
        );
      })}
    </ul>
  );
}

function ReceiptSettingsEditor({ settings }: { settings: ReceiptSettings }) {
  const id = useId();
  const save = useSaveReceiptSettings();
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { bin: settings.bin, vatRate: vatRateInput(settings.vatRateBasisPoints) },
  });
  const errors = formState.errors;
  const show = (field: keyof Values | 'root', message: string) => setError(field, { message });

  const submit = handleSubmit(async (v) => {
    const vatRateBasisPoints = parseVatRate(v.vatRate);
    if (vatRateBasisPoints === null) return setError('vatRate', { message: W.vatInvalid });
    const send = async () => {
      const saved = await save.mutateAsync({ bin: v.bin.trim(), vatRateBasisPoints });
      reset({ bin: saved.bin, vatRate: vatRateInput(saved.vatRateBasisPoints) });
    };
    if (await sendAction(send, show, (path) => API_FIELDS[path] ?? null, W.failed)) toast.success(W.saved);
  });

  return (
    <SettingsSectionForm words={W} error={errors.root?.message} saving={save.isPending} onSubmit={(e) => void submit(e)}>
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <Field id={`${id}-bin`} label={W.bin} error={errors.bin?.message} hint={W.binHint}>
            {(p) => <Form.Control {...p} {...register('bin')} inputMode="numeric" autoComplete="off" maxLength={13} />}
          </Field>
        </div>
        <div className="col-12 col-md-6">
          <Field id={`${id}-vat`} label={W.vatRate} error={errors.vatRate?.message} hint={W.vatHint}>
            {(p) => <Form.Control {...p} {...register('vatRate')} inputMode="decimal" autoComplete="off" maxLength={8} />}
          </Field>
        </div>
      </div>
      <h3 className="h6 mt-2">{W.preview}</h3>
      <Preview settings={settings} />
    </SettingsSectionForm>
  );
}
