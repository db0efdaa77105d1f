import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CASE_UI_TEXTS as T } from '@visa/shared/case-ui-texts';

export type StaffOption = { _id: string; name: string };

/** The letter's owner: the one entering it ("You", the empty value) or another member of staff. */
export function OwnerSelect({
  staff,
  registration,
  ...props
}: {
  id: string;
  isInvalid: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  staff: StaffOption[];
  registration: UseFormRegisterReturn;
}) {
  return (
    <Form.Select {...props} {...registration}>
      <option value="">{T.you}</option>
      {staff.map((s) => (
        <option key={s._id} value={s._id}>
          {s.name}
        </option>
      ))}
    </Form.Select>
  );
}
