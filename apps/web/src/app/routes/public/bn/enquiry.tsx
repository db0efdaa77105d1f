import { StatusCheckPage } from '../../../../features/status-check/components/status-check-page';
import { pageMeta } from '../../../../features/marketing/seo';
import { STATUS_CHECK_TEXTS } from '../../../../features/status-check/locales';

export const meta = () =>
  pageMeta({
    language: 'bn',
    title: STATUS_CHECK_TEXTS.bn.enquiry.metaTitle,
    description: STATUS_CHECK_TEXTS.bn.enquiry.metaDescription,
  });

export default function Page() {
  return <StatusCheckPage />;
}
