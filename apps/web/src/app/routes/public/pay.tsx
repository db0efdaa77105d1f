import { PAY_PAGE_TEXTS } from '@visa/shared/pay-page';
import { PayPage } from '../../../features/payments/pay-page';
import { pageMeta } from '../../../features/marketing/seo';

// An applicant's own amount due, opened by a secret link: never indexed.
export const meta = () => pageMeta({ language: 'en', title: PAY_PAGE_TEXTS.en.title, description: PAY_PAGE_TEXTS.en.intro, noindex: true });

export default function Page() {
  return <PayPage />;
}
