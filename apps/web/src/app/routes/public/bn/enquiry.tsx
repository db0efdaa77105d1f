import { EnquiryPage } from '../../../../features/enquiry/components/enquiry-page';
import { pageMeta } from '../../../../features/marketing/seo';
import { ENQUIRY_MESSAGES } from '../../../../features/enquiry/locales';

export const meta = () =>
  pageMeta({ language: 'bn', title: ENQUIRY_MESSAGES.bn.enquiry.metaTitle, description: ENQUIRY_MESSAGES.bn.enquiry.metaDescription });

export default function Page() {
  return <EnquiryPage />;
}
