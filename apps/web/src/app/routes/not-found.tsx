import { Navigate } from 'react-router';
import { paths } from '../../config/paths';

/** Any other path redirects to the home page (docs/product.md#pages-and-routes). */
export default function NotFound() {
  return <Navigate to={paths.home} replace />;
}
