import { useEffect, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { BUILT_IN_STAGES, LETTER_KINDS, LETTER_LABELS } from '@visa/shared/case-work';
import { CASE_UI_TEXTS as T } from '@visa/shared/case-ui-texts';
import { type CaseSettings, CaseSettingsSchema, customStageKey } from '@visa/shared/case-settings';
import { LOADING } from '@visa/shared/staff-texts';
import { LoadingStatus } from '../../../components/loading-status';
import { usePageForm } from '../../../lib/page-form';
import { useCaseSettings, useSaveCaseSettings } from '../api/case';
import { refusalOf } from '../../../lib/api-client';

const isBuiltIn = (key: string) => (BUILT_IN_STAGES as readonly string[]).includes(key);
/** "21, 7, 2" → [21, 7, 2]; null when any part is not a whole number. */
const parseDays = (text: string): number[] | null => {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.every((p) => /^\d{1,3}$/.test(p)) ? parts.map(Number) : null;
};

/**
 * Settings → Case (ADR 0077), the owner's: the stages in the office's order and words, the days each
 * letter gives, when the applicant is reminded and when each member of staff gets the digest.
 */
export function CaseSettingsForm() {
  const query = useCaseSettings();
  const save = useSaveCaseSettings();
  const pageForm = usePageForm('Saving…');
  const [draft, setDraft] = useState<CaseSettings | null>(null);
  const [reminders, setReminders] = useState('');
  const [newStage, setNewStage] = useState({ en: '', bn: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [addProblem, setAddProblem] = useState<string | null>(null);
  useEffect(() => {
    if (query.data && !draft) {
      setDraft(query.data);
      setReminders(query.data.reminderDays.join(', '));
    }
  }, [query.data, draft]);
  if (!draft) {
    if (query.isError) return <Alert variant="danger">{T.settingsLoadError}</Alert>;
    return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  }

  const stages = draft.stages;
  const setStages = (next: CaseSettings['stages']) => setDraft({ ...draft, stages: next });
  const move = (index: number, by: -1 | 1) => {
    const next = [...stages];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setStages(next);
  };
  const addStage = () => {
    const key = customStageKey(newStage.en);
    if (!key) return setAddProblem(T.newStageNameNeeded);
    if (stages.some((s) => s.key === key)) return setAddProblem(T.newStageExists);
    setAddProblem(null);
    setStages([...stages, { key, en: newStage.en.trim(), bn: newStage.bn.trim() || newStage.en.trim(), hidden: false }]);
    setNewStage({ en: '', bn: '' });
  };
  const saveError = save.isError ? refusalOf(save.error) : null;

  return (
    <Form
      {...pageForm}
      noValidate
      aria-label="Case settings"
      onSubmit={(event) => {
        event.preventDefault();
        const reminderDays = parseDays(reminders);
        if (!reminderDays) return setProblem(T.reminderDaysInvalid);
        const checked = CaseSettingsSchema.safeParse({ ...draft, reminderDays });
        if (!checked.success) return setProblem(checked.error.issues[0]!.message);
        setProblem(null);
        save.mutate(checked.data);
      }}
    >
      <p className="small text-body-secondary">{T.settingsIntro}</p>
      {problem && <Alert variant="danger">{problem}</Alert>}
      {saveError && <Alert variant="danger">{saveError.message ?? T.failed}</Alert>}
      {save.isSuccess && (
        <Alert variant="success" role="status">
          {T.settingsSaved}
        </Alert>
      )}
      <fieldset className="mb-3">
        <legend className="h6">{T.stagesLegend}</legend>
        <ol className="list-unstyled mb-2" aria-label={T.stagesLegend}>
          {stages.map((stage, i) => {
            const name = stage.en || stage.key;
            const edit = (patch: Partial<typeof stage>) => setStages(stages.map((s, j) => (j === i ? { ...s, ...patch } : s)));
            return (
              <li key={stage.key} className="border-bottom py-2" data-testid="case-stage-row">
                <div className="row g-2 align-items-end">
                  <Form.Group className="col-12 col-md-4" controlId={`case-stage-${stage.key}-en`}>
                    <Form.Label className="small">{T.stageEn(i + 1)}</Form.Label>
                    <Form.Control size="sm" maxLength={60} value={stage.en} onChange={(e) => edit({ en: e.target.value })} />
                  </Form.Group>
                  <Form.Group className="col-12 col-md-4" controlId={`case-stage-${stage.key}-bn`}>
                    <Form.Label className="small">{T.stageBn(i + 1)}</Form.Label>
                    <Form.Control size="sm" lang="bn" maxLength={60} value={stage.bn} onChange={(e) => edit({ bn: e.target.value })} />
                  </Form.Group>
                  <div className="col-12 col-md-4 d-flex flex-wrap align-items-center gap-2">
                    {stage.key !== 'decision' && (
                      <Form.Check
                        id={`case-stage-${stage.key}-hidden`}
                        label={T.stageHiddenLabel(name)}
                        checked={stage.hidden}
                        onChange={(e) => edit({ hidden: e.target.checked })}
                      />
                    )}
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={T.moveUp(name)}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={T.moveDown(name)}
                      disabled={i === stages.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </Button>
                    {!isBuiltIn(stage.key) && (
                      <Button size="sm" variant="outline-danger" onClick={() => setStages(stages.filter((_, j) => j !== i))}>
                        {T.removeStage(name)}
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="row g-2 align-items-end">
          <Form.Group className="col-12 col-md-4" controlId="case-new-stage-en">
            <Form.Label className="small">{T.newStageEn}</Form.Label>
            <Form.Control
              size="sm"
              maxLength={60}
              value={newStage.en}
              isInvalid={Boolean(addProblem)}
              aria-describedby={addProblem ? 'case-new-stage-error' : undefined}
              onChange={(e) => setNewStage({ ...newStage, en: e.target.value })}
            />
          </Form.Group>
          <Form.Group className="col-12 col-md-4" controlId="case-new-stage-bn">
            <Form.Label className="small">{T.newStageBn}</Form.Label>
            <Form.Control
              size="sm"
              lang="bn"
              maxLength={60}
              value={newStage.bn}
              onChange={(e) => setNewStage({ ...newStage, bn: e.target.value })}
            />
          </Form.Group>
          <div className="col-12 col-md-4">
            <Button size="sm" variant="outline-primary" onClick={addStage}>
              {T.addStage}
            </Button>
          </div>
        </div>
        {addProblem && (
          <div id="case-new-stage-error" className="invalid-feedback d-block">
            {addProblem}
          </div>
        )}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="h6">{T.letterDaysLegend}</legend>
        <p className="small text-body-secondary mb-2">{T.letterDaysHint}</p>
        <div className="row g-2">
          {LETTER_KINDS.map((kind) => (
            <Form.Group key={kind} className="col-12 col-sm-6 col-lg-4" controlId={`case-days-${kind}`}>
              <Form.Label className="small">{LETTER_LABELS[kind]}</Form.Label>
              <Form.Control
                size="sm"
                type="number"
                min={1}
                max={365}
                value={draft.letterDays[kind] ?? ''}
                onChange={(e) =>
                  setDraft({ ...draft, letterDays: { ...draft.letterDays, [kind]: e.target.value === '' ? null : Number(e.target.value) } })
                }
              />
            </Form.Group>
          ))}
        </div>
      </fieldset>
      <Form.Group className="mb-3" controlId="case-reminder-days">
        <Form.Label>{T.reminderDays}</Form.Label>
        <Form.Control
          value={reminders}
          aria-describedby="case-reminder-days-hint"
          onChange={(e) => setReminders(e.target.value)}
          style={{ maxWidth: '14rem' }}
        />
        <Form.Text id="case-reminder-days-hint">{T.reminderDaysHint}</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="case-digest-hour">
        <Form.Label>{T.digestHour}</Form.Label>
        <Form.Control
          type="time"
          value={draft.digestHour}
          onChange={(e) => setDraft({ ...draft, digestHour: e.target.value })}
          style={{ maxWidth: '10rem' }}
        />
      </Form.Group>
      <Button type="submit" disabled={save.isPending}>
        {T.saveSettings}
      </Button>
    </Form>
  );
}
