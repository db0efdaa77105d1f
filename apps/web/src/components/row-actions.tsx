import { Button } from 'react-bootstrap';

interface Props {
  /** The row's name, which each button's accessible name carries. */
  name: string;
  onView?: () => void;
  /** Absent where the row cannot be changed (an erased applicant's). */
  onEdit?: () => void;
  /** Asks before deleting: the table opens its confirmation. */
  onDelete: () => void;
  deleteDisabled?: boolean;
  /** Why the delete button is disabled, where it is for a reason rather than while a call runs. */
  deleteTitle?: string;
}

/** The action cell's buttons of a back-office table row: view (where the row has a page), edit and delete. */
export function RowActions({ name, onView, onEdit, onDelete, deleteDisabled, deleteTitle }: Props) {
  return (
    <td className="text-end text-nowrap">
      {onView && (
        <Button size="sm" variant="outline-dark" className="me-2" aria-label={`View ${name}`} onClick={onView}>
          View
        </Button>
      )}
      {onEdit && (
        <Button size="sm" variant="outline-primary" className="me-2" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </Button>
      )}
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={`Delete ${name}`}
        disabled={deleteDisabled}
        title={deleteTitle}
        onClick={onDelete}
      >
        Delete
      </Button>
    </td>
  );
}

/** The header of the actions column: named for screen readers, blank on screen. */
export function ActionsHeader() {
  return (
    <th scope="col">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}
