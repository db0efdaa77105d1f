import { ViewOnePage } from '../../../features/enquiry/components/view-one-page';
import { pageMeta } from '../../../features/marketing/seo';
import { ENQUIRY_MESSAGES } from '../../../features/enquiry/locales';

// A page of personal results: never indexed.
export const meta = () =>
  pageMeta({
    language: 'en',
    title: ENQUIRY_MESSAGES.en.viewOne.metaTitle,
    description: ENQUIRY_MESSAGES.en.viewOne.metaDescription,
    noindex: true,
  });

export default function Page() {
  return <ViewOnePage />;
}
