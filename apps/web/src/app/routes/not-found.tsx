import { Navigate } from 'react-router';
import { paths } from '../../config/paths';

/** Spec §2: any other path redirects to the home page. */
export default function NotFound() {
  return <Navigate to={paths.home} replace />;
}
