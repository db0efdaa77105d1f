import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { usePageForm } from '../lib/page-form';

interface Props {
  /** The section's words: its title (the form's accessible name), its intro and its Save button. */
  words: { title: string; intro: string; save: string };
  /** The error no field owns: the server's, or the connection's. */
  error?: string;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A Settings section saved as a whole: its intro, the error no field owns, its fields, then Save. */
export function SettingsSectionForm({ words, error, saving, onSubmit, children }: Props) {
  const pageForm = usePageForm('Saving…');
  return (
    <Form {...pageForm} noValidate aria-label={words.title} onSubmit={onSubmit}>
      <p className="small text-body-secondary">{words.intro}</p>
      {error && (
        <Alert variant="danger" className="py-2">
          {error}
        </Alert>
      )}
      {children}
      <Button type="submit" className="mt-3" disabled={saving}>
        {words.save}
      </Button>
    </Form>
  );
}
