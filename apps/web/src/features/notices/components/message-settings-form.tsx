import { useId, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import toast from 'react-hot-toast';
import { APPLICATION_STATUSES, type ApplicationStatus } from '@visa/shared/constants';
import { LOADING } from '@visa/shared/staff-texts';
import { type MessageSettings, type MessageSettingsView, NOTICE_FORM_TEXTS, unknownVariable } from '@visa/shared/notices';
import { LoadingStatus } from '../../../components/loading-status';
import { PendingButton } from '../../../components/pending-button';
import { refusalMessage, serverMessage } from '../../../lib/api-client';
import { usePageForm } from '../../../lib/page-form';
import { useMessageSettings, useSaveMessageSettings, useSendTestMessage } from '../api/message-settings';
import { SmsCounter } from './sms-counter';

const STATUS_TITLES: Record<ApplicationStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const LOAD_FAILED = 'The message settings could not be loaded. Please reload the page.';
const SAVE_FAILED = 'The message settings could not be saved. Please try again.';
const SAVED = 'Message settings saved.';
const EMAIL_SETTLE_HELP =
  'Off: the status email goes at every change. On: like SMS and WhatsApp, it waits until the status has not changed for the settling time, one email for the status it settles in, and none if it settles back where it was.';

/** Settings → Messages (ADR 0044): channels, texts with their live SMS count, quiet hours, limits, a test message. */
export function MessageSettingsForm() {
  const view = useMessageSettings();
  if (view.isPending) return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  if (view.isError) return <Alert variant="danger">{serverMessage(view.error) ?? LOAD_FAILED}</Alert>;
  return <LoadedForm view={view.data} />;
}

function LoadedForm({ view }: { view: MessageSettingsView }) {
  const id = useId();
  const pageForm = usePageForm('Saving…');
  const [settings, setSettings] = useState<MessageSettings>(view.settings);
  const save = useSaveMessageSettings();
  const update = (change: (draft: MessageSettings) => void) =>
    setSettings((current) => {
      const next = structuredClone(current);
      change(next);
      return next;
    });

  const template = (status: ApplicationStatus, language: 'en' | 'bn') => {
    const controlId = `${id}-${status}-${language}`;
    const text = settings.sms[status][language];
    const unknown = unknownVariable(text);
    const errorId = `${controlId}-error`;
    return (
      <Form.Group className="mb-3" controlId={controlId}>
        <Form.Label>
          {STATUS_TITLES[status]}: SMS in {language === 'en' ? 'English' : 'Bangla'}
        </Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          lang={language}
          value={text}
          maxLength={1000}
          isInvalid={unknown !== null}
          aria-invalid={unknown !== null}
          aria-describedby={[unknown !== null ? errorId : null, `${controlId}-count`].filter(Boolean).join(' ')}
          onChange={(e) => update((d) => void (d.sms[status][language] = e.target.value))}
        />
        {unknown !== null && (
          <Form.Control.Feedback id={errorId} type="invalid">
            {NOTICE_FORM_TEXTS.unknownVariable(unknown)}
          </Form.Control.Feedback>
        )}
        <SmsCounter id={`${controlId}-count`} template={text} status={status} language={language} office={view.office} />
      </Form.Group>
    );
  };

  return (
    <>
      <Form
        {...pageForm}
        noValidate
        aria-label="Messages"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(settings, { onSuccess: (saved) => (setSettings(saved.settings), toast.success(SAVED)) });
        }}
      >
        <p className="text-body-secondary">
          Status messages by SMS and WhatsApp go only to applicants who agreed to them. Texts may use {'{firstName}'}, {'{status}'},{' '}
          {'{officeName}'}, {'{officePhone}'} and {'{statusLink}'}, nothing else.
        </p>
        {view.office.phone === '' && (
          // A standing note, not an alert: it is there on every visit until the phone is set.
          <p className="alert alert-warning py-2" data-testid="office-phone-missing">
            {NOTICE_FORM_TEXTS.officePhoneNote}
          </p>
        )}
        <fieldset className="mb-3">
          <legend className="h6">Channels</legend>
          {(['sms', 'whatsapp'] as const).map((channel) => (
            <Form.Check
              key={channel}
              id={`${id}-channel-${channel}`}
              type="checkbox"
              label={`${channel === 'sms' ? 'SMS' : 'WhatsApp'}${view.available[channel] ? '' : ' (no provider configured on the server)'}`}
              checked={settings.channels[channel]}
              disabled={!view.available[channel]}
              onChange={(e) => update((d) => void (d.channels[channel] = e.target.checked))}
            />
          ))}
        </fieldset>
        <Form.Group className="mb-3" controlId={`${id}-email-settle`}>
          <Form.Check
            type="checkbox"
            label="Let status emails settle too"
            checked={settings.emailSettle}
            aria-describedby={`${id}-email-settle-help`}
            onChange={(e) => update((d) => void (d.emailSettle = e.target.checked))}
          />
          <Form.Text id={`${id}-email-settle-help`}>{EMAIL_SETTLE_HELP}</Form.Text>
        </Form.Group>
        <div className="row g-3 mb-3">
          {/* Short choices, the rule in the hint below: a long option is cut off in a phone-wide select. */}
          <Form.Group className="col-12 col-md-4" controlId={`${id}-language`}>
            <Form.Label>Language</Form.Label>
            <Form.Select
              value={settings.language}
              aria-describedby={`${id}-language-help`}
              onChange={(e) => update((d) => void (d.language = e.target.value as MessageSettings['language']))}
            >
              <option value="auto">By the number</option>
              <option value="bn">Bangla for everyone</option>
              <option value="en">English for everyone</option>
            </Form.Select>
            <Form.Text id={`${id}-language-help`}>By the number: Bangla for Bangladeshi numbers (+880), English for others.</Form.Text>
          </Form.Group>
          <Form.Group className="col-md-2" controlId={`${id}-quiet-start`}>
            <Form.Label>Quiet from</Form.Label>
            <Form.Control
              type="time"
              value={settings.quietHours.start}
              onChange={(e) => update((d) => void (d.quietHours.start = e.target.value))}
            />
          </Form.Group>
          <Form.Group className="col-md-2" controlId={`${id}-quiet-end`}>
            <Form.Label>Quiet until</Form.Label>
            <Form.Control
              type="time"
              value={settings.quietHours.end}
              onChange={(e) => update((d) => void (d.quietHours.end = e.target.value))}
            />
          </Form.Group>
          <Form.Group className="col-md-2" controlId={`${id}-limit-application`}>
            <Form.Label>A day per application</Form.Label>
            <Form.Control
              type="number"
              min={1}
              max={50}
              value={settings.limits.perApplicationPerDay}
              onChange={(e) => update((d) => void (d.limits.perApplicationPerDay = Number(e.target.value)))}
            />
          </Form.Group>
          <Form.Group className="col-md-2" controlId={`${id}-limit-number`}>
            <Form.Label>A day per number</Form.Label>
            <Form.Control
              type="number"
              min={1}
              max={50}
              value={settings.limits.perNumberPerDay}
              onChange={(e) => update((d) => void (d.limits.perNumberPerDay = Number(e.target.value)))}
            />
          </Form.Group>
        </div>
        {APPLICATION_STATUSES.map((status) => (
          <fieldset key={status} className="mb-2">
            <legend className="h6">{STATUS_TITLES[status]}</legend>
            <div className="row g-3">
              <div className="col-md-6">{template(status, 'en')}</div>
              <div className="col-md-6">{template(status, 'bn')}</div>
            </div>
            <WhatsAppTemplateFields
              title={STATUS_TITLES[status]}
              value={settings.whatsapp[status]}
              onChange={(next) => update((d) => void (d.whatsapp[status] = next))}
            />
          </fieldset>
        ))}
        {save.isError && (
          <Alert variant="danger" role="alert" className="py-2">
            {refusalMessage(save.error) ?? serverMessage(save.error) ?? SAVE_FAILED}
          </Alert>
        )}
        <PendingButton type="submit" variant="danger" pending={save.isPending}>
          Save messages
        </PendingButton>
      </Form>
      {/* Apart from the settings' form: Enter in the number sends no settings. */}
      <TestMessage available={view.available} />
    </>
  );
}

function TestMessage({ available }: { available: MessageSettingsView['available'] }) {
  const id = useId();
  const [channel, setChannel] = useState<'sms' | 'whatsapp'>(available.sms || !available.whatsapp ? 'sms' : 'whatsapp');
  const [to, setTo] = useState('');
  const send = useSendTestMessage();
  return (
    <fieldset className="mt-4">
      <legend className="h6">Send a test message</legend>
      <div className="row g-2 align-items-end">
        <Form.Group className="col-md-3" controlId={`${id}-channel`}>
          <Form.Label>Channel</Form.Label>
          <Form.Select value={channel} onChange={(e) => setChannel(e.target.value as 'sms' | 'whatsapp')}>
            <option value="sms">SMS</option>
            <option value="whatsapp">WhatsApp</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-5" controlId={`${id}-to`}>
          <Form.Label>Send a test message to</Form.Label>
          <Form.Control type="tel" autoComplete="off" value={to} onChange={(e) => setTo(e.target.value)} />
        </Form.Group>
        <div className="col-md-4">
          <PendingButton type="button" variant="outline-secondary" pending={send.isPending} onClick={() => send.mutate({ channel, to })}>
            Send test
          </PendingButton>
        </div>
      </div>
      <div role="status" className="mt-2">
        {send.isSuccess && `${send.data.ok ? 'Sent' : 'Refused'}. The provider answered: ${send.data.answer}`}
        {send.isError && (refusalMessage(send.error) ?? serverMessage(send.error) ?? 'The test message could not be sent.')}
      </div>
    </fieldset>
  );
}

type WhatsAppTemplate = MessageSettings['whatsapp'][ApplicationStatus];

/** The approved WhatsApp template for one status: its name, its language codes and which variables fill {{1}}, {{2}}, …. */
function WhatsAppTemplateFields({
  title,
  value,
  onChange,
}: {
  title: string;
  value: WhatsAppTemplate;
  onChange: (next: WhatsAppTemplate) => void;
}) {
  const id = useId();
  const [parameters, setParameters] = useState(value.parameters.join(', '));
  return (
    <div className="row g-3 mb-3">
      <Form.Group className="col-md-4" controlId={`${id}-name`}>
        <Form.Label>{title}: WhatsApp template name</Form.Label>
        <Form.Control value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
      </Form.Group>
      <Form.Group className="col-md-2" controlId={`${id}-en`}>
        <Form.Label>Its English code</Form.Label>
        <Form.Control
          value={value.language.en}
          onChange={(e) => onChange({ ...value, language: { ...value.language, en: e.target.value } })}
        />
      </Form.Group>
      <Form.Group className="col-md-2" controlId={`${id}-bn`}>
        <Form.Label>Its Bangla code</Form.Label>
        <Form.Control
          value={value.language.bn}
          onChange={(e) => onChange({ ...value, language: { ...value.language, bn: e.target.value } })}
        />
      </Form.Group>
      <Form.Group className="col-md-4" controlId={`${id}-parameters`}>
        <Form.Label>Its body parameters, in order</Form.Label>
        <Form.Control
          value={parameters}
          aria-describedby={`${id}-parameters-help`}
          onChange={(e) => {
            setParameters(e.target.value);
            const names = e.target.value
              .split(',')
              .map((p) => p.trim())
              .filter(Boolean);
            onChange({ ...value, parameters: names as WhatsAppTemplate['parameters'] });
          }}
        />
        <Form.Text id={`${id}-parameters-help`}>For example: firstName, status, statusLink</Form.Text>
      </Form.Group>
    </div>
  );
}
