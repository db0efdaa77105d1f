import { ViewOnePage } from '../../../../features/enquiry/components/view-one-page';
import { pageMeta } from '../../../../features/marketing/seo';
import { ENQUIRY_MESSAGES } from '../../../../features/enquiry/locales';

// A page of personal results: never indexed.
export const meta = () =>
  pageMeta({
    language: 'bn',
    title: ENQUIRY_MESSAGES.bn.viewOne.metaTitle,
    description: ENQUIRY_MESSAGES.bn.viewOne.metaDescription,
    noindex: true,
  });

export default function Page() {
  return <ViewOnePage />;
}
