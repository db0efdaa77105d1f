import { RECEIPT_TEXTS } from '@visa/shared/receipt-words';
import { ReceiptCheckPage } from '../../../features/receipt-check/components/receipt-check-page';
import { pageMeta } from '../../../features/marketing/seo';

// Useful only with a receipt's code: never indexed.
export const meta = () =>
  pageMeta({ language: 'en', title: RECEIPT_TEXTS.en.pageTitle, description: RECEIPT_TEXTS.en.pageIntro, noindex: true });

export default function Page() {
  return <ReceiptCheckPage />;
}
