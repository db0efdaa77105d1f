import { Link } from 'react-router';

interface Props {
  title: string;
  /** The one link beside the heading: "add" on a list page, "back to list" on its form pages. */
  to: string;
  link: string;
  linkVariant?: 'danger' | 'outline-dark';
}

/** A back-office page's heading with its one link beside it. */
export function PageHeader({ title, to, link, linkVariant = 'danger' }: Props) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      <Link to={to} className={`btn btn-${linkVariant} btn-sm ms-auto`}>
        {link}
      </Link>
    </div>
  );
}
