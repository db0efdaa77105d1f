import { ViewOnePage } from '../../../features/status-check/components/view-one-page';
import { pageMeta } from '../../../features/marketing/seo';
import { STATUS_CHECK_TEXTS } from '../../../features/status-check/locales';

// A page of personal results: never indexed.
export const meta = () =>
  pageMeta({
    language: 'en',
    title: STATUS_CHECK_TEXTS.en.viewOne.metaTitle,
    description: STATUS_CHECK_TEXTS.en.viewOne.metaDescription,
    noindex: true,
  });

export default function Page() {
  return <ViewOnePage />;
}
