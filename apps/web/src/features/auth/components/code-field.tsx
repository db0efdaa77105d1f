import { useEffect, useRef } from 'react';
import { Form } from 'react-bootstrap';

interface Props {
  id: string;
  mode: 'code' | 'recovery';
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
}

/**
 * One field for a second-factor code: six digits from the app (numeric keyboard, and the browser
 * may fill a one-time code it received), or a recovery code.
 */
export function CodeField({ id, mode, value, onChange, invalid, describedBy, autoFocus }: Props) {
  const input = useRef<HTMLInputElement>(null);
  // Focus follows the switch between a code and a recovery code, so the person can type at once.
  // Focused here rather than by the autofocus attribute, which Preact (the built app) leaves to the
  // browser, and the browser applies only while a page loads.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{mode === 'code' ? 'Authentication code' : 'Recovery code'}</Form.Label>
      <Form.Control
        ref={input}
        type="text"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        spellCheck={false}
        autoCapitalize="off"
        {...(mode === 'code'
          ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', pattern: '[0-9 ]*', maxLength: 7, placeholder: '123456' }
          : { autoComplete: 'off', maxLength: 20, placeholder: 'abcd-efgh-jkmn' })}
      />
    </Form.Group>
  );
}
