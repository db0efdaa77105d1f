import { Link } from 'react-router';

/** A back-office list page's heading with its one "add" link beside it. */
export function ListPageHeader({ title, addTo, addLabel }: { title: string; addTo: string; addLabel: string }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      <Link to={addTo} className="btn btn-danger btn-sm ms-auto">
        {addLabel}
      </Link>
    </div>
  );
}
