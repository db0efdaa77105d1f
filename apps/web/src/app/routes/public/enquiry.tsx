import { StatusCheckPage } from '../../../features/status-check/components/status-check-page';
import { pageMeta } from '../../../features/marketing/seo';
import { STATUS_CHECK_TEXTS } from '../../../features/status-check/locales';

export const meta = () =>
  pageMeta({
    language: 'en',
    title: STATUS_CHECK_TEXTS.en.enquiry.metaTitle,
    description: STATUS_CHECK_TEXTS.en.enquiry.metaDescription,
  });

export default function Page() {
  return <StatusCheckPage />;
}
