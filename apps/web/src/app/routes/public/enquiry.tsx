import { EnquiryPage } from '../../../features/enquiry/components/enquiry-page';
import { pageMeta } from '../../../features/marketing/seo';
import { ENQUIRY_MESSAGES } from '../../../features/enquiry/locales';

export const meta = () =>
  pageMeta({ language: 'en', title: ENQUIRY_MESSAGES.en.enquiry.metaTitle, description: ENQUIRY_MESSAGES.en.enquiry.metaDescription });

export default function Page() {
  return <EnquiryPage />;
}
