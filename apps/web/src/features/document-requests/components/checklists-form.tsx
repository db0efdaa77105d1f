import { useEffect, useState } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChecklistItem,
  type DocumentRequestSettings,
  DocumentRequestSettingsSchema,
  REQUEST_FILE_TYPES,
  UPLOAD_ALERT_CHOICES,
  UPLOAD_ALERT_LABELS,
  UPLOAD_ALERT_QUESTION,
  type UploadAlertChoice,
  VISA_TYPES,
  type VisaType,
} from '@visa/shared/document-requests';
import { apiUrl } from '@visa/shared/api-paths';
import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';
import { api, serverMessage } from '../../../lib/api-client';
import { usePageForm } from '../../../lib/page-form';
import { LoadingStatus } from '../../../components/loading-status';
import { LOADING } from '@visa/shared/staff-texts';

const MB = 1024 * 1024;
const KEY = ['settings', 'document-requests'] as const;
const TYPE_NAMES = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'application/pdf': 'PDF' } as const;

/** A new item's id: lower-case letters and digits from its English name, made unique in its list. */
function newItemId(items: ChecklistItem[]): string {
  let n = items.length + 1;
  while (items.some((i) => i.id === `item-${n}`)) n += 1;
  return `item-${n}`;
}

/**
 * The owner's document checklists per visa type (ADR 0046): each item in English and Bangla,
 * required or optional, its accepted types and size limit; and how many days a link works after
 * its due date.
 */
export function ChecklistsForm() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) =>
      DocumentRequestSettingsSchema.parse((await api.get(apiUrl('getDocumentRequestSettings'), { signal })).data),
  });
  const save = useMutation({
    mutationFn: async (value: DocumentRequestSettings) =>
      DocumentRequestSettingsSchema.parse((await api.put(apiUrl('updateDocumentRequestSettings'), value)).data),
    onSuccess: (value) => queryClient.setQueryData(KEY, value),
  });
  const [draft, setDraft] = useState<DocumentRequestSettings | null>(null);
  const [visa, setVisa] = useState<VisaType>('Work');
  const pageForm = usePageForm('Saving…');
  useEffect(() => {
    if (query.data && !draft) setDraft(query.data);
  }, [query.data, draft]);
  if (!draft) {
    if (query.isError) return <Alert variant="danger">{serverMessage(query.error) ?? 'The checklists could not be loaded.'}</Alert>;
    return <LoadingStatus>{LOADING.generic}</LoadingStatus>;
  }

  const items = draft.checklists[visa];
  const setItems = (next: ChecklistItem[]) => setDraft({ ...draft, checklists: { ...draft.checklists, [visa]: next } });
  const change = (index: number, patch: Partial<ChecklistItem>) =>
    setItems(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  return (
    <Form
      {...pageForm}
      aria-label="Document checklists"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      {save.isError && <Alert variant="danger">{serverMessage(save.error) ?? 'Something went wrong. Please try again.'}</Alert>}
      {save.isSuccess && <Alert variant="success">Saved.</Alert>}
      <Form.Group className="mb-3" controlId="checklists-visa">
        <Form.Label>Visa type</Form.Label>
        <Form.Select value={visa} onChange={(e) => setVisa(e.target.value as VisaType)}>
          {VISA_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </Form.Select>
      </Form.Group>
      {/* Positioned, so the visually hidden header text scrolls with the table instead of widening the page. */}
      <div className="table-responsive position-relative">
        <Table size="sm">
          <thead>
            <tr>
              <th scope="col">English</th>
              <th scope="col">Bangla</th>
              <th scope="col">Required</th>
              <th scope="col">Accepted types</th>
              <th scope="col">Limit (MB)</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={item.id}>
                <td>
                  <Form.Control
                    aria-label={`Item ${index + 1} in English`}
                    size="sm"
                    value={item.label.en}
                    onChange={(e) => change(index, { label: { ...item.label, en: e.target.value } })}
                  />
                </td>
                <td>
                  <Form.Control
                    aria-label={`Item ${index + 1} in Bangla`}
                    size="sm"
                    lang="bn"
                    value={item.label.bn}
                    onChange={(e) => change(index, { label: { ...item.label, bn: e.target.value } })}
                  />
                </td>
                <td>
                  <Form.Check
                    aria-label={`Item ${index + 1} required`}
                    checked={item.required}
                    onChange={(e) => change(index, { required: e.target.checked })}
                  />
                </td>
                <td>
                  {REQUEST_FILE_TYPES.map((type) => (
                    <Form.Check
                      inline
                      key={type}
                      id={`${visa}-${item.id}-${type}`}
                      label={TYPE_NAMES[type]}
                      checked={item.types.includes(type)}
                      onChange={(e) =>
                        change(index, { types: e.target.checked ? [...item.types, type] : item.types.filter((t) => t !== type) })
                      }
                    />
                  ))}
                </td>
                <td>
                  <Form.Control
                    aria-label={`Item ${index + 1} size limit in MB`}
                    size="sm"
                    type="number"
                    min={1}
                    max={DOCUMENT_MAX_BYTES / MB}
                    value={Math.round(item.maxBytes / MB)}
                    onChange={(e) => change(index, { maxBytes: Number(e.target.value) * MB })}
                  />
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="link"
                    className="text-danger p-0"
                    onClick={() => setItems(items.filter((_, i) => i !== index))}
                  >
                    Remove<span className="visually-hidden"> item {index + 1}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <Button
        variant="outline-secondary"
        size="sm"
        onClick={() =>
          setItems([
            ...items,
            {
              id: newItemId(items),
              label: { en: '', bn: '' },
              required: true,
              types: [...REQUEST_FILE_TYPES],
              maxBytes: DOCUMENT_MAX_BYTES,
            },
          ])
        }
      >
        Add an item
      </Button>
      <Form.Group className="mt-3" controlId="checklists-grace">
        <Form.Label>Days a link keeps working after its due date</Form.Label>
        <Form.Control
          type="number"
          min={0}
          max={60}
          value={draft.graceDays}
          onChange={(e) => setDraft({ ...draft, graceDays: Number(e.target.value) })}
        />
      </Form.Group>
      <Form.Group className="mt-3" controlId="checklists-upload-alerts">
        <Form.Label>{UPLOAD_ALERT_QUESTION}</Form.Label>
        <Form.Select value={draft.uploadAlerts} onChange={(e) => setDraft({ ...draft, uploadAlerts: e.target.value as UploadAlertChoice })}>
          {UPLOAD_ALERT_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {UPLOAD_ALERT_LABELS[choice]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button type="submit" className="mt-3" disabled={save.isPending}>
        Save checklists
      </Button>
    </Form>
  );
}
