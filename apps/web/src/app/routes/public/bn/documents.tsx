import { DOCUMENTS_PAGE_TEXTS } from '@visa/shared/documents-page';
import { DocumentsPage } from '../../../../features/document-requests/components/documents-page';
import { pageMeta } from '../../../../features/marketing/seo';

// An applicant's own list, opened by a secret link: never indexed.
export const meta = () =>
  pageMeta({ language: 'bn', title: DOCUMENTS_PAGE_TEXTS.bn.title, description: DOCUMENTS_PAGE_TEXTS.bn.intro, noindex: true });

export default function Page() {
  return <DocumentsPage />;
}
